package dev.trident.enrollment.client;

/** The part of a social-service profile this service uses; other fields of the answer are ignored. */
public record SocialUser(String userId, String displayName) {
}
