package dev.trident.support.client;

/** The part of a social-service profile the other services use; other fields of the answer are ignored. */
public record SocialUser(String userId, String displayName) {
}
