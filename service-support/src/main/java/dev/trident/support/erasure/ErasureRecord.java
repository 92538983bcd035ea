package dev.trident.support.erasure;

import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The progress of an account's erasure, as {@code GET /users/{userId}/erasure} answers it: the user's id, the
 * status over all parts ({@code PENDING} until every part is {@code DONE}), each service's part with the items it
 * has erased so far, when it was requested and completed. Nothing else of the account is kept.
 */
@Schema(example = "{\"userId\": \"ada\", \"status\": \"PENDING\", "
        + "\"parts\": {\"social-service\": {\"status\": \"DONE\", \"itemsErased\": 2301, "
        + "\"completedAt\": \"2026-05-04T10:00:07Z\"}, "
        + "\"enrollment-service\": {\"status\": \"PENDING\", \"itemsErased\": 12, "
        + "\"completedAt\": null}, \"workspace-service\": {\"status\": \"PENDING\", "
        + "\"itemsErased\": 0, \"completedAt\": null}}, \"requestedAt\": \"2026-05-04T10:00:00Z\", "
        + "\"completedAt\": null}")
public record ErasureRecord(String userId, String status, Map<String, Part> parts, String requestedAt,
        String completedAt) {

    public static final String PENDING = "PENDING";
    public static final String DONE = "DONE";

    /** One service's part. */
    public record Part(String status, long itemsErased, String completedAt) {
    }

    public boolean finished() {
        return DONE.equals(status);
    }

    boolean everyPartDone() {
        return parts.values().stream().allMatch(p -> DONE.equals(p.status()));
    }
}
