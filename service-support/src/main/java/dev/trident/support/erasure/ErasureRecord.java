package dev.trident.support.erasure;

import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The progress of an account's erasure, as {@code GET /users/{userId}/erasure} answers it: the user's id, the
 * status over all parts ({@code PENDING} until every part is {@code DONE}), each service's part with the items it
 * has erased so far, when it was requested and completed. Nothing else of the account is kept.
 */
@Schema(description = "The progress of an account's erasure", example = "{\"userId\": \"ada\", \"status\": \"PENDING\", "
        + "\"parts\": {\"social\": {\"status\": \"DONE\", \"itemsErased\": 2301, \"completedAt\": "
        + "\"2026-11-23T18:02:11.204Z\"}, \"enrollment\": {\"status\": \"DONE\", \"itemsErased\": 3, "
        + "\"completedAt\": \"2026-11-23T18:02:04.517Z\", \"itemsKept\": 1}, \"workspace\": {\"status\": \"PENDING\", "
        + "\"itemsErased\": 0, \"completedAt\": null}}, \"requestedAt\": \"2026-11-23T18:02:04.120Z\", "
        + "\"completedAt\": null}")
public record ErasureRecord(String userId, String status, Map<String, Part> parts, String requestedAt,
        @Schema(description = "When the last part was done; null while any is pending", nullable = true)
        String completedAt) {

    public static final String PENDING = "PENDING";
    public static final String DONE = "DONE";

    /**
     * One service's part: its items erased so far and, once done, those it kept under the legal-retention exception
     * (enrollment's graded enrollments; 0 for the other parts). A field added later: clients that do not know it
     * read the record as before.
     */
    public record Part(String status, long itemsErased,
            @Schema(description = "When the part was done; null while it is pending", nullable = true)
            String completedAt,
            @Schema(description = "Items this part kept on purpose (graded enrolments: academic records are "
                    + "retained); counted when the part is done") long itemsKept) {

        public Part(String status, long itemsErased, String completedAt) {
            this(status, itemsErased, completedAt, 0);
        }
    }

    public boolean finished() {
        return DONE.equals(status);
    }

    /** Whether {@code part} is done (absent reads as pending). */
    public boolean partDone(String part) {
        Part found = parts.get(part);
        return found != null && DONE.equals(found.status());
    }

    boolean everyPartDone() {
        return parts.values().stream().allMatch(p -> DONE.equals(p.status()));
    }
}
