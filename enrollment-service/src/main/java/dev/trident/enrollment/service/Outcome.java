package dev.trident.enrollment.service;

/** Whether a PUT created the resource or replaced it, and the resource as stored. */
public record Outcome<T>(T value, boolean created) {
}
