package dev.trident.social.rest;

import dev.trident.keys.Ids;
import dev.trident.support.validation.ValidId;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Request bodies of the social API, validated field by field (bean validation names the field on a 400). */
public final class Requests {

    static final int MAX_DISPLAY_NAME = 100;
    static final int MAX_BIO = 1_000;
    static final int MAX_TITLE = 200;
    static final int MAX_POST_BODY = 10_000;
    static final int MAX_COMMENT_BODY = 2_000;
    /** Something other than white space. */
    static final String NOT_BLANK = "(?s).*\\S.*";

    private Requests() {
    }

    /**
     * The caller's own profile: its id is the token's subject, so a sent {@code userId} is a 400 rather than
     * ignored. {@code handle} is unique regardless of case and shown as given.
     */
    public record CreateUser(
            @Null(message = "a profile's id is the caller's (the token's subject); do not send it") String userId,
            @NotNull @Pattern(regexp = Ids.PATTERN_TEXT, message = "must be 1..64 letters, digits, '.', '_' or '-', starting with a letter or digit") String handle,
            @NotBlank @Size(max = MAX_DISPLAY_NAME) String displayName,
            @Size(max = MAX_BIO) String bio) {
    }

    /** Absent fields stay as they are; an empty bio removes it. The handle cannot change. */
    public record UpdateUser(
            @Null(message = "cannot be changed") String handle,
            @Size(min = 1, max = MAX_DISPLAY_NAME) @Pattern(regexp = NOT_BLANK, message = "must not be blank") String displayName,
            @Size(max = MAX_BIO) String bio) {

        boolean isEmpty() {
            return displayName == null && bio == null;
        }
    }

    /** 1..100 ids, each in the id grammar ({@code ids[i]} named on a 400). */
    public record BatchGet(@NotNull @Size(min = 1, max = 100) List<@NotNull @ValidId(optional = true) String> ids) {
    }

    public record CreatePost(
            @Size(max = MAX_TITLE) String title,
            @NotBlank @Size(max = MAX_POST_BODY) String body) {
    }

    /** Absent fields stay as they are; an empty title removes it. */
    public record UpdatePost(
            @Size(max = MAX_TITLE) String title,
            @Size(min = 1, max = MAX_POST_BODY) @Pattern(regexp = NOT_BLANK, message = "must not be blank") String body) {

        boolean isEmpty() {
            return title == null && body == null;
        }
    }

    /**
     * The author is the caller (the token's subject). A sent {@code authorId} is a 400 rather than ignored, so no
     * client believes it commented in someone else's name.
     */
    public record CreateComment(
            @Null(message = "the author is the caller (the token's subject); do not send it") String authorId,
            @NotBlank @Size(max = MAX_COMMENT_BODY) String body) {
    }

    /** The new body of a comment; nothing else of a comment changes (a sent {@code authorId} is a 400). */
    public record UpdateComment(
            @Null(message = "cannot be changed") String authorId,
            @NotBlank @Size(max = MAX_COMMENT_BODY) String body) {
    }
}
