package dev.trident.enrollment.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/** Settings of the enrollment service ({@code trident.enrollment.*}). */
@ConfigMapping(prefix = "trident.enrollment")
public interface EnrollmentConfig {

    /** The term catalogue ({@code trident.enrollment.catalogue.*}). */
    @Valid
    Catalogue catalogue();

    interface Catalogue {
        /**
         * How many GSI2 partitions each term's catalogue is spread over ({@code TERM#<term>#<shard>}, 1..16; the
         * default is EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS). Every enrolment rewrites its course's copy in one of
         * them, so more shards spread a busy term's writes; every catalogue page reads each shard at least once.
         * Raising it is safe for reads (every old shard is one of the new ones) and deploy/backfill-course-terms.sh
         * with the new count then spreads the stored courses; lowering it hides every course on a shard at or above
         * the new count until that backfill has moved it (docs/scale.md).
         */
        @WithDefault("8")
        @Min(1)
        @Max(16)
        int shards();
    }
}
