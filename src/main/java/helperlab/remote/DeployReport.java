package helperlab.remote;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a deploy did: where the jar went (its size and SHA-256), how the cage runs now (systemd user
 * unit or background process, with its pid when known), what it stopped, and the cage's first status.
 */
public record DeployReport(String remoteDir, long jarBytes, String jarSha256, String startedAs, long pid,
    String stoppedPrevious, JsonNode status, long elapsedMs) {}
