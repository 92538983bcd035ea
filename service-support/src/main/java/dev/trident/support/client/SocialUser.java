package dev.trident.support.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The part of a social-service profile the other services use; other fields of the answer are ignored (a peer's
 * answer may grow, unlike the request bodies this service reads, which are strict).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SocialUser(String userId, String displayName) {
}
