package dev.trident.enrollment.model;

/** A student profile ({@code STU#<studentId>/PROFILE}). */
public record Student(String studentId, String name, int year, String major, long version, String createdAt,
        String updatedAt) {
}
