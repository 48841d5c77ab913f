package dev.weft.audit;

import java.util.function.Function;

/**
 * {@code --shard auto}: the shard a scheduler gave this task, from the variables it sets. Slurm
 * array jobs ({@code SLURM_ARRAY_TASK_ID} counted from {@code SLURM_ARRAY_TASK_MIN}, {@code
 * SLURM_ARRAY_TASK_COUNT}), a Kubernetes Indexed Job ({@code JOB_COMPLETION_INDEX} from 0; the
 * Job's completions are not in the pod's environment, so the count comes from {@code
 * --shard-count}) and CI matrices ({@code CI_NODE_INDEX} from 1, {@code CI_NODE_TOTAL}: GitLab's
 * {@code parallel:}, and what a GitHub Actions matrix can export). The first set found in that
 * order wins.
 */
public final class SchedulerShard {

  private SchedulerShard() {}

  /**
   * The shard of this task.
   *
   * @param env the process environment
   * @param count {@code --shard-count}, or null; when given it must agree with a count the
   *     scheduler sets
   * @throws IllegalArgumentException naming the variables when none is set or they do not make a
   *     shard
   */
  public static Shard from(Function<String, String> env, Integer count) {
    String slurm = env.apply("SLURM_ARRAY_TASK_ID");
    if (slurm != null) {
      int id = number(env, "SLURM_ARRAY_TASK_ID");
      int min = env.apply("SLURM_ARRAY_TASK_MIN") == null ? 0 : number(env, "SLURM_ARRAY_TASK_MIN");
      int total = number(env, "SLURM_ARRAY_TASK_COUNT");
      return checked(
          id - min + 1,
          agreeing(total, count, "SLURM_ARRAY_TASK_COUNT"),
          "SLURM_ARRAY_TASK_ID="
              + id
              + " (SLURM_ARRAY_TASK_MIN="
              + min
              + ", SLURM_ARRAY_TASK_COUNT="
              + total
              + "): an array with a step (--array=0-15:2) or a gap is not a shard index; use --array=A-B");
    }
    if (env.apply("JOB_COMPLETION_INDEX") != null) {
      int index = number(env, "JOB_COMPLETION_INDEX");
      if (count == null) {
        throw new IllegalArgumentException(
            "--shard auto in a Kubernetes Indexed Job (JOB_COMPLETION_INDEX="
                + index
                + ") needs --shard-count N (or shard-count: N in .weft.yaml): the Job's completions"
                + " are not in the pod's environment");
      }
      return checked(
          index + 1, count, "JOB_COMPLETION_INDEX=" + index + " with --shard-count " + count);
    }
    if (env.apply("CI_NODE_INDEX") != null) {
      int index = number(env, "CI_NODE_INDEX");
      int total = number(env, "CI_NODE_TOTAL");
      return checked(
          index,
          agreeing(total, count, "CI_NODE_TOTAL"),
          "CI_NODE_INDEX=" + index + ", CI_NODE_TOTAL=" + total);
    }
    throw new IllegalArgumentException(
        "--shard auto found no scheduler's shard variables: Slurm"
            + " (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT), Kubernetes (JOB_COMPLETION_INDEX with"
            + " --shard-count) or CI (CI_NODE_INDEX, CI_NODE_TOTAL); give --shard K/N instead");
  }

  private static int agreeing(int total, Integer count, String variable) {
    if (count != null && count != total) {
      throw new IllegalArgumentException(
          "--shard-count " + count + " disagrees with " + variable + "=" + total);
    }
    return total;
  }

  private static Shard checked(int index, int count, String what) {
    if (count < 1 || count > Shard.MAX_SHARDS || index < 1 || index > count) {
      throw new IllegalArgumentException(
          "--shard auto: " + what + " is not shard K of N with 1 <= K <= N <= " + Shard.MAX_SHARDS);
    }
    return new Shard(index, count);
  }

  private static int number(Function<String, String> env, String variable) {
    String v = env.apply(variable);
    if (v == null || !v.trim().matches("[0-9]{1,6}")) {
      throw new IllegalArgumentException(
          "--shard auto: "
              + variable
              + " must be a whole number, found "
              + (v == null ? "nothing (unset)" : "'" + v + "'"));
    }
    return Integer.parseInt(v.trim());
  }
}
