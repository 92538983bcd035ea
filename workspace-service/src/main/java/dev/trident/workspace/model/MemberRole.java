package dev.trident.workspace.model;

import dev.trident.support.problem.ProblemException;
import java.util.Locale;

/** A member's role in one workspace, stored and sent in lower case ({@code owner}, {@code admin}, {@code member}). */
public enum MemberRole {
    OWNER, ADMIN, MEMBER;

    /** Owners and admins create and change projects and members. */
    public boolean managesWorkspace() {
        return this == OWNER || this == ADMIN;
    }

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The role named {@code value} (exact lower-case spelling), or a 400 naming {@code field}. */
    public static MemberRole parse(String field, String value) {
        for (MemberRole role : values()) {
            if (role.value().equals(value)) {
                return role;
            }
        }
        throw ProblemException.badRequest(field, "must be one of owner, admin, member");
    }
}
