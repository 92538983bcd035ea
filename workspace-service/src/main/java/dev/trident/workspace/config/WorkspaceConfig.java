package dev.trident.workspace.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the workspace service ({@code trident.workspace.*}). */
@ConfigMapping(prefix = "trident.workspace")
public interface WorkspaceConfig {

    /**
     * The most shards a caller without the platform role {@code admin} may give a new workspace (1..16). Every
     * shard is one more Query on every list of the workspace's projects, so wide layouts are for tenants an operator
     * chose; a platform admin may create up to 16.
     */
    @WithDefault("1")
    int maxShardsWithoutPlatformAdmin();
}
