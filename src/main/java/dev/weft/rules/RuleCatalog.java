package dev.weft.rules;

import dev.weft.rules.compiled.AsicProfileMissing;
import dev.weft.rules.compiled.DscpMapIncomplete;
import dev.weft.rules.compiled.HeadroomInsufficient;
import dev.weft.rules.compiled.HeadroomUncomputable;
import dev.weft.rules.compiled.PfcQueueMismatch;
import dev.weft.rules.compiled.WatchdogQueueMismatch;
import dev.weft.rules.intent.CableLengthMissing;
import dev.weft.rules.intent.CnpLossless;
import dev.weft.rules.intent.CnpNotStrict;
import dev.weft.rules.intent.DscpOverlap;
import dev.weft.rules.intent.DscpUnmapped;
import dev.weft.rules.intent.EcmpHashL4;
import dev.weft.rules.intent.EcnMissingOnLossless;
import dev.weft.rules.intent.EcnThresholds;
import dev.weft.rules.intent.LinkEndpointUnknown;
import dev.weft.rules.intent.LinkPauseWithPfc;
import dev.weft.rules.intent.LosslessPriorityCount;
import dev.weft.rules.intent.MtuLinkMismatch;
import dev.weft.rules.intent.MtuNicRoce;
import dev.weft.rules.intent.MtuSwitchNic;
import dev.weft.rules.intent.PfcWatchdogDisabled;
import dev.weft.rules.intent.PfcWatchdogTimers;
import dev.weft.rules.intent.PortMultipleLinks;
import dev.weft.rules.intent.QueueSharedLosslessLossy;
import dev.weft.rules.intent.SchedulerWeights;
import dev.weft.rules.intent.VersionPinMismatch;
import dev.weft.rules.compiled.AsicPortSpeed;
import dev.weft.rules.compiled.BufferPoolOvercommit;
import dev.weft.rules.compiled.EcmpHashPolarization;
import dev.weft.rules.compiled.EcnAfterPfc;
import dev.weft.rules.compiled.HeadroomPoolExceeded;
import dev.weft.rules.compiled.LosslessStrictPriority;
import dev.weft.rules.compiled.LosslessTokenWeight;
import dev.weft.rules.compiled.NicDcqcn;
import dev.weft.rules.compiled.NicDscpMap;
import dev.weft.rules.compiled.NicLinkPause;
import dev.weft.rules.compiled.NicPfcMismatch;
import dev.weft.rules.compiled.NicTosMismatch;
import dev.weft.rules.compiled.NicTrustPcp;
import dev.weft.rules.compiled.PfcDeadlockCycle;
import dev.weft.rules.compiled.PfcLinkAsymmetric;
import dev.weft.rules.compiled.WatchdogNotMitigating;
import dev.weft.rules.compiled.WatchdogTimerOrder;
import dev.weft.rules.intent.BufferAsicReuse;
import dev.weft.rules.intent.CableMediaReach;
import dev.weft.rules.intent.CongestionControlConsistency;
import dev.weft.rules.intent.LinkSpeedMismatch;
import dev.weft.rules.intent.LosslessL2Domain;
import dev.weft.rules.intent.NicDcbxImplicit;
import dev.weft.rules.intent.NicRoceMode;
import dev.weft.rules.intent.PlanExceptions;
import dev.weft.rules.intent.PortRoleMismatch;
import dev.weft.rules.intent.VersionBelowMinimum;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The built-in rules, registered explicitly (no classpath scanning, no static initialisers), so what
 * runs is exactly what this file lists. Adding a rule: one line in {@link #builtIn()} plus its folder in
 * {@code policies/}; {@code RuleCatalogTest} fails when either is missing.
 */
public final class RuleCatalog {

    /**
     * Rules the engine evaluates itself, after every other rule, because only the engine sees the
     * catalogue (for unknown ids) and every finding (for unused waivers).
     */
    public static final List<String> WAIVER_RULE_IDS =
            List.of(Waivers.EXPIRED, Waivers.INVALID, Waivers.UNUSED);

    private final Map<String, Rule> rules;

    /** @throws IllegalArgumentException when two rules share an id (a programming error) */
    public RuleCatalog(List<Rule> rules) {
        Map<String, Rule> byId = new TreeMap<>();
        for (Rule r : rules) {
            if (byId.putIfAbsent(r.id(), r) != null || WAIVER_RULE_IDS.contains(r.id())) {
                throw new IllegalArgumentException("rule id registered twice: " + r.id());
            }
        }
        this.rules = Collections.unmodifiableMap(byId);
    }

    /** Every built-in rule, one line each, sorted by id. */
    public static RuleCatalog builtIn() {
        return new RuleCatalog(List.of(
                new AsicProfileMissing(),
                new CableLengthMissing(),
                new CnpLossless(),
                new CnpNotStrict(),
                new DscpMapIncomplete(),
                new DscpOverlap(),
                new DscpUnmapped(),
                new EcmpHashL4(),
                new EcnMissingOnLossless(),
                new EcnThresholds(),
                new HeadroomInsufficient(),
                new HeadroomUncomputable(),
                new IbDefaultPartitionRule(),
                new IbLmcLidBudgetRule(),
                new IbPartitionCapabilityRule(),
                new IbPartitionNoFullMemberRule(),
                new IbPkeyDuplicateRule(),
                new IbPkeyRangeRule(),
                new IbQosDefaultLevelRule(),
                new IbRateCodeRule(),
                new IbRoutingDeadlockRule(),
                new IbSharpPrereqRule(),
                new IbSlVlUnusedRule(),
                new IbSmPriorityRule(),
                new LinkEndpointUnknown(),
                new LinkPauseWithPfc(),
                new LosslessPriorityCount(),
                new MtuLinkMismatch(),
                new MtuNicRoce(),
                new MtuSwitchNic(),
                new PfcQueueMismatch(),
                new PfcWatchdogDisabled(),
                new PfcWatchdogTimers(),
                new PortMultipleLinks(),
                new QueueSharedLosslessLossy(),
                new SchedulerWeights(),
                new VersionPinMismatch(),
                new WatchdogQueueMismatch(),
                // rule depth (issue 18): topology, buffers, scheduling, watchdog, NIC and host
                new AsicPortSpeed(),
                new BufferAsicReuse(),
                new BufferPoolOvercommit(),
                new CableMediaReach(),
                new CongestionControlConsistency(),
                new EcmpHashPolarization(),
                new EcnAfterPfc(),
                new HeadroomPoolExceeded(),
                new LinkSpeedMismatch(),
                new LosslessL2Domain(),
                new LosslessStrictPriority(),
                new LosslessTokenWeight(),
                new NicDcbxImplicit(),
                new NicDcqcn(),
                new NicDscpMap(),
                new NicLinkPause(),
                new NicPfcMismatch(),
                new NicRoceMode(),
                new NicTosMismatch(),
                new NicTrustPcp(),
                new PfcDeadlockCycle(),
                new PfcLinkAsymmetric(),
                new PlanExceptions(),
                new PortRoleMismatch(),
                new VersionBelowMinimum(),
                new WatchdogNotMitigating(),
                new WatchdogTimerOrder()));
    }

    /** The checkable rules, sorted by id (the waiver rules are not among them; see {@link #ids()}). */
    public List<Rule> rules() {
        return new ArrayList<>(rules.values());
    }

    public Optional<Rule> rule(String id) {
        return Optional.ofNullable(rules.get(id));
    }

    /** Every id the catalogue knows, the waiver rules included, sorted. */
    public Set<String> ids() {
        Set<String> ids = new TreeSet<>(rules.keySet());
        ids.addAll(WAIVER_RULE_IDS);
        return Collections.unmodifiableSet(ids);
    }

    public boolean knows(String id) {
        return rules.containsKey(id) || WAIVER_RULE_IDS.contains(id);
    }
}
