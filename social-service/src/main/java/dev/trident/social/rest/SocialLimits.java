package dev.trident.social.rest;

/** Input limits shared by the request bodies. */
final class SocialLimits {
    static final int DISPLAY_NAME_MAX = 100;
    static final int BIO_MAX = 1_000;
    static final int TITLE_MAX = 200;
    static final int POST_BODY_MAX = 10_000;
    static final int COMMENT_BODY_MAX = 2_000;
    /** Something other than white space. */
    static final String NOT_BLANK = "(?s).*\\S.*";

    private SocialLimits() {
    }
}
