package dev.trident.enrollment.model;

/** The client-editable fields of a student, as a PUT carries them. */
public record StudentProfile(String name, int year, String major) {
}
