package dev.weft.rules;

import dev.weft.compile.CompiledFabric;
import dev.weft.model.FabricModel;
import java.time.LocalDate;

/**
 * What a rule may look at.
 *
 * @param model the intent model (for rules on live config: the model the live config is compared
 *     with)
 * @param compiled the compiled per-device config, or null when compiling was not possible
 * @param today the date waivers are judged against (injected, never read from a clock inside a
 *     rule)
 */
public record RuleInput(FabricModel model, CompiledFabric compiled, LocalDate today) {}
