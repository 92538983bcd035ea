package dev.trident.social.model;

/** Counters of one user's activity in one month, maintained at write time: posts published, comments written. */
public record MonthlyStats(String userId, String month, long posts, long comments) {
}
