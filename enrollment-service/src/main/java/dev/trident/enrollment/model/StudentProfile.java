package dev.trident.enrollment.model;

/** A student's stored fields: year and major as the client PUTs them, name from the social-service profile. */
public record StudentProfile(String name, int year, String major) {
}
