package dev.trident.enrollment.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A student profile ({@code STU#<studentId>/PROFILE}). */
@Schema(example = "{\"studentId\": \"ada\", \"name\": \"Ada Lovelace\", \"year\": 2, "
        + "\"major\": \"Mathematics\", \"version\": 1, \"createdAt\": \"2026-04-20T08:00:00.000Z\", "
        + "\"updatedAt\": \"2026-04-20T08:00:00.000Z\"}")
public record Student(String studentId, String name, int year, String major, long version, String createdAt,
        String updatedAt) {
}
