package dev.trident.keys;

/** Project status; part of the GSI2 status partition key. */
public enum ProjectStatus {
    ACTIVE, PAUSED, ARCHIVED;

    /** Exact, case-sensitive parse of a client value. */
    public static ProjectStatus parse(String field, String value) {
        if (value != null) {
            for (ProjectStatus s : values()) {
                if (s.name().equals(value)) {
                    return s;
                }
            }
        }
        throw new InvalidKeyException(field, "must be one of ACTIVE, PAUSED, ARCHIVED");
    }
}
