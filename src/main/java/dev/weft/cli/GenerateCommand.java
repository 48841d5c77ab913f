package dev.weft.cli;

import dev.weft.generate.IbFabricGenerator;
import dev.weft.generate.RailPlanes;
import dev.weft.generate.RoceFabricGenerator;
import dev.weft.generate.RoceFabricShape;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code weft generate}: writes a synthetic rail-optimised RoCE inventory for benchmarks and demos.
 */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description =
        "Write a synthetic rail-optimised RoCE inventory (8 GPUs and 8 RDMA NICs per node, one leaf per rail per scalable unit).",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft generate --gpus 1024 --out /tmp/gpu-1024",
      "  weft generate --gpus 8192 --ib --out /tmp/ib-8192"
    })
final class GenerateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--gpus",
      required = true,
      paramLabel = "N",
      description =
          "Number of GPUs: a multiple of 8 up to 256 (one scalable unit of 32 nodes), above that a"
              + " multiple of 256 (whole scalable units); e.g. 1024, 8192, 32768.")
  int gpus;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "DIR",
      description = "Folder to write the inventory into (created; must be empty or absent).")
  Path out;

  @Option(
      names = "--name",
      paramLabel = "NAME",
      description = "Fabric name (default: gpu-<N>, or ib-<N> with --ib).")
  String name;

  @Option(
      names = "--ib",
      description =
          "Write an InfiniBand fat tree of the same shape instead (Quantum leaves and spines, one HCA per rail, 2 subnet managers).")
  boolean infiniband;

  @Override
  public Integer call() throws IOException {
    RoceFabricShape shape;
    try {
      shape = RoceFabricShape.forGpus(gpus);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (Files.isDirectory(out)) {
      try (var entries = Files.list(out)) {
        if (entries.findAny().isPresent()) {
          throw new UsageException(
              "--out "
                  + out
                  + " is not empty; refusing to mix a generated inventory with other files");
        }
      }
    }
    Map<String, String> files =
        infiniband
            ? new IbFabricGenerator().generate(name == null ? "ib-" + gpus : name, shape)
            : new RoceFabricGenerator().generate(name == null ? "gpu-" + gpus : name, shape);
    long bytes = 0;
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path target = out.resolve(f.getKey());
      Files.createDirectories(target.getParent());
      byte[] content = f.getValue().getBytes(StandardCharsets.UTF_8);
      Files.write(target, content);
      bytes += content.length;
    }
    PrintWriter w = spec.commandLine().getOut();
    RailPlanes planes = RailPlanes.of(shape);
    w.printf(
        "generated %s: %d GPUs, %d nodes, %d leaves, %d spines%s, %d files, %d bytes%n",
        out,
        gpus,
        shape.nodes(),
        shape.leaves(),
        infiniband ? shape.spines() : planes.spines(),
        infiniband || !planes.threeTier() ? "" : ", " + planes.superSpines() + " super-spines",
        files.size(),
        bytes);
    return ExitCode.OK;
  }
}
