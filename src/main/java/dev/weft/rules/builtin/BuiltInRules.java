package dev.weft.rules.builtin;

import dev.weft.rules.IbDefaultPartition;
import dev.weft.rules.IbLmcLidBudget;
import dev.weft.rules.IbPartitionCapability;
import dev.weft.rules.IbPartitionNoFullMember;
import dev.weft.rules.IbPkeyDuplicate;
import dev.weft.rules.IbPkeyRange;
import dev.weft.rules.IbQosDefaultLevel;
import dev.weft.rules.IbQosLevelsIgnored;
import dev.weft.rules.IbRateCode;
import dev.weft.rules.IbRoutingDeadlock;
import dev.weft.rules.IbSharpPrereq;
import dev.weft.rules.IbSlVlUnused;
import dev.weft.rules.IbSmPriority;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.compiled.AsicPortSpeed;
import dev.weft.rules.compiled.AsicProfileMissing;
import dev.weft.rules.compiled.BufferPoolOvercommit;
import dev.weft.rules.compiled.DcbxSwitchOff;
import dev.weft.rules.compiled.DscpMapIncomplete;
import dev.weft.rules.compiled.EcmpHashPolarization;
import dev.weft.rules.compiled.EcnAfterPfc;
import dev.weft.rules.compiled.EcnAsicRange;
import dev.weft.rules.compiled.HeadroomInsufficient;
import dev.weft.rules.compiled.HeadroomPoolExceeded;
import dev.weft.rules.compiled.HeadroomUncomputable;
import dev.weft.rules.compiled.LagMemberMismatch;
import dev.weft.rules.compiled.LosslessStrictPriority;
import dev.weft.rules.compiled.LosslessTokenWeight;
import dev.weft.rules.compiled.MtuPlatformRange;
import dev.weft.rules.compiled.NicDcqcn;
import dev.weft.rules.compiled.NicDcqcnRp;
import dev.weft.rules.compiled.NicDscpMap;
import dev.weft.rules.compiled.NicEts;
import dev.weft.rules.compiled.NicLinkPause;
import dev.weft.rules.compiled.NicPfcMismatch;
import dev.weft.rules.compiled.NicRxBuffer;
import dev.weft.rules.compiled.NicTosMismatch;
import dev.weft.rules.compiled.NicTrustPcp;
import dev.weft.rules.compiled.PcpTrustRouted;
import dev.weft.rules.compiled.PfcDeadlockCycle;
import dev.weft.rules.compiled.PfcLinkAsymmetric;
import dev.weft.rules.compiled.PfcPath;
import dev.weft.rules.compiled.PfcQueueMismatch;
import dev.weft.rules.compiled.PortUnlinked;
import dev.weft.rules.compiled.SharedHeadroomUndersized;
import dev.weft.rules.compiled.TrustMismatch;
import dev.weft.rules.compiled.WatchdogNotMitigating;
import dev.weft.rules.compiled.WatchdogQueueMismatch;
import dev.weft.rules.compiled.WatchdogTimerOrder;
import dev.weft.rules.intent.BufferAsicReuse;
import dev.weft.rules.intent.CableLengthMissing;
import dev.weft.rules.intent.CableMediaReach;
import dev.weft.rules.intent.CnpClassMissing;
import dev.weft.rules.intent.CnpLossless;
import dev.weft.rules.intent.CnpNotStrict;
import dev.weft.rules.intent.CongestionControlConsistency;
import dev.weft.rules.intent.DscpOverlap;
import dev.weft.rules.intent.DscpUnmapped;
import dev.weft.rules.intent.EcmpHashL4;
import dev.weft.rules.intent.EcnMissingOnLossless;
import dev.weft.rules.intent.EcnThresholds;
import dev.weft.rules.intent.GidIndexLinkLocal;
import dev.weft.rules.intent.LinkEndpointUnknown;
import dev.weft.rules.intent.LinkPauseWithPfc;
import dev.weft.rules.intent.LinkSpeedMismatch;
import dev.weft.rules.intent.LosslessDscpUnmarked;
import dev.weft.rules.intent.LosslessL2Domain;
import dev.weft.rules.intent.LosslessPriorityCount;
import dev.weft.rules.intent.MtuLinkMismatch;
import dev.weft.rules.intent.MtuNicRoce;
import dev.weft.rules.intent.MtuPath;
import dev.weft.rules.intent.MtuSwitchNic;
import dev.weft.rules.intent.NicDcbxImplicit;
import dev.weft.rules.intent.NicRoceMode;
import dev.weft.rules.intent.OversubscriptionTarget;
import dev.weft.rules.intent.PfcWatchdogDisabled;
import dev.weft.rules.intent.PfcWatchdogTimers;
import dev.weft.rules.intent.PlanExceptions;
import dev.weft.rules.intent.PortMultipleLinks;
import dev.weft.rules.intent.PortRoleMismatch;
import dev.weft.rules.intent.QueueSharedLosslessLossy;
import dev.weft.rules.intent.RailMismatch;
import dev.weft.rules.intent.RailSpinesDiffer;
import dev.weft.rules.intent.SchedulerWeights;
import dev.weft.rules.intent.StrictAboveLossless;
import dev.weft.rules.intent.TrafficClassConflict;
import dev.weft.rules.intent.VersionBelowMinimum;
import dev.weft.rules.intent.VersionPinMismatch;
import dev.weft.rules.intent.WredDropLossless;
import java.util.List;

/**
 * The built-in rules, registered explicitly (no classpath scanning, no static initialisers), so
 * what runs is exactly what this file lists. Adding a rule: one line in {@link #catalog()} plus its
 * folder in {@code policies/}; {@code RuleCatalogTest} fails when either is missing. This is the
 * one class that knows every rule package, which keeps {@code rules} free of a cycle with them.
 */
public final class BuiltInRules {

  private BuiltInRules() {}

  /** Every built-in rule, one line each, sorted by id. */
  public static RuleCatalog catalog() {
    return new RuleCatalog(
        List.of(
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
            new IbDefaultPartition(),
            new IbLmcLidBudget(),
            new IbPartitionCapability(),
            new IbPartitionNoFullMember(),
            new IbPkeyDuplicate(),
            new IbPkeyRange(),
            new IbQosDefaultLevel(),
            new IbQosLevelsIgnored(),
            new IbRateCode(),
            new IbRoutingDeadlock(),
            new IbSharpPrereq(),
            new IbSlVlUnused(),
            new IbSmPriority(),
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
            new SharedHeadroomUndersized(),
            new LinkSpeedMismatch(),
            new OversubscriptionTarget(),
            new RailMismatch(),
            new RailSpinesDiffer(),
            new LosslessL2Domain(),
            new LosslessStrictPriority(),
            new LosslessTokenWeight(),
            new NicDcbxImplicit(),
            new NicDcqcn(),
            new NicDcqcnRp(),
            new NicDscpMap(),
            new NicEts(),
            new NicLinkPause(),
            new NicPfcMismatch(),
            new NicRoceMode(),
            new NicRxBuffer(),
            new NicTosMismatch(),
            new NicTrustPcp(),
            new PfcDeadlockCycle(),
            new PfcLinkAsymmetric(),
            new PlanExceptions(),
            new PortRoleMismatch(),
            new VersionBelowMinimum(),
            new WatchdogNotMitigating(),
            new WatchdogTimerOrder(),
            // a plan proven before it is rendered (issue 30)
            new CnpClassMissing(),
            new EcnAsicRange(),
            new LosslessDscpUnmarked(),
            new MtuPath(),
            new StrictAboveLossless(),
            new TrafficClassConflict(),
            // paths, values against the platform, switch to NIC to NCCL (issue 30 items 2-4)
            new GidIndexLinkLocal(),
            new MtuPlatformRange(),
            new PfcPath(),
            // the knobs real fabrics set (issue 30 item 6)
            new WredDropLossless(),
            new TrustMismatch(),
            new PcpTrustRouted(),
            new DcbxSwitchOff(),
            new LagMemberMismatch(),
            // warnings a user can act on (issue 33 item 5)
            new PortUnlinked()));
  }
}
