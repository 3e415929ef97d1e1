package helperlab.remote;

import helperlab.protocol.CageStatusReport;

/**
 * What a deploy did: where the jar went (its size and SHA-256), how the cage runs now (systemd user
 * unit or background process, with its pid when known), what it stopped, where PostgreSQL and Redis
 * are (private ones started, the system's, or given; the intake's port), the cage's status once it can
 * take an exhibit, and whether the jar there was already this one (not copied again).
 */
public record DeployReport(String remoteDir, long jarBytes, String jarSha256, String startedAs, long pid,
    String stoppedPrevious, String services, CageStatusReport status, long elapsedMs, boolean jarUnchanged) {}
