package dev.trident.workspace.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

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

    /** The index of projects by status across workspaces ({@code trident.workspace.project-status.*}). */
    @Valid
    ProjectStatusIndex projectStatus();

    interface ProjectStatusIndex {
        /**
         * How many GSI2 partitions each status is spread over ({@code PROJSTATUS#<status>#<n>}, 1..16; the default
         * is WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS). Every project write lands in one of them, so more shards
         * spread a busy status; every page of GET /projects?status= reads each at least once. Raising it is safe
         * for reads (every old shard is one of the new ones); deploy/backfill-project-status.sh then spreads the
         * stored projects over the new shards. Lowering it hides every project on a shard at or above the new
         * count until that backfill has moved it (docs/scale.md).
         */
        @WithDefault("8")
        @Min(1)
        @Max(16)
        int shards();
    }
}
