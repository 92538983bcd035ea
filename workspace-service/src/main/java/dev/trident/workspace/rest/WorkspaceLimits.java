package dev.trident.workspace.rest;

/** Input limits shared by the request bodies. */
final class WorkspaceLimits {
    static final int DISPLAY_NAME_MAX = 100;
    static final int TITLE_MAX = 200;
    static final int SEAT_LIMIT_MAX = 1_000_000;
    /** A cloud region name such as {@code eu-west-1}. */
    static final String REGION_PATTERN = "[a-z]{2}(-[a-z]+)+-[0-9]{1,2}";
    static final String REGION_MESSAGE = "must be a region name such as eu-west-1";
    static final String NOT_BLANK = "(?s).*\\S.*";

    private WorkspaceLimits() {
    }
}
