package dev.trident.social.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Counters of one user's activity in one month, maintained at write time: posts published, comments written. */
@Schema(example = "{\"userId\": \"ada\", \"month\": \"2026-05\", \"posts\": 4, \"comments\": 9}")
public record MonthlyStats(String userId, String month, long posts, long comments) {
}
