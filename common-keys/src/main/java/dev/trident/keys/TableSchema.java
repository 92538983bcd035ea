package dev.trident.keys;

import java.util.List;

/** Attribute and index names of the shared table, and the calls a service makes on the table itself. */
public final class TableSchema {
    public static final String PK = "PK";
    public static final String SK = "SK";
    public static final String GSI1PK = "GSI1PK";
    public static final String GSI1SK = "GSI1SK";
    public static final String GSI2PK = "GSI2PK";
    public static final String GSI2SK = "GSI2SK";
    public static final String TYPE = "_type";
    public static final String VERSION = "version";
    public static final String CREATED_AT = "createdAt";
    public static final String UPDATED_AT = "updatedAt";
    public static final String EXPIRES_AT = "expiresAt";

    public static final String GSI1 = "GSI1";
    public static final String GSI2 = "GSI2";

    /** Every key attribute of the table and its indexes; cursors keep only these. */
    public static final List<String> KEY_ATTRIBUTES = List.of(PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK);

    /** The partition key attribute of a global secondary index; null for a name that is not one of the table's. */
    public static String partitionKeyOf(String index) {
        return GSI1.equals(index) ? GSI1PK : GSI2.equals(index) ? GSI2PK : null;
    }

    /** The sort key attribute of a global secondary index; null for a name that is not one of the table's. */
    public static String sortKeyOf(String index) {
        return GSI1.equals(index) ? GSI1SK : GSI2.equals(index) ? GSI2SK : null;
    }

    /** The name of one of the table's global secondary indexes; an IllegalArgumentException for any other. */
    public static String requireIndex(String index) {
        if (!GSI1.equals(index) && !GSI2.equals(index)) {
            throw new IllegalArgumentException("unknown index " + index);
        }
        return index;
    }

    /** DescribeTable, for the readiness check. */
    public static final AccessPattern TABLE_READINESS = AccessPattern.named("table-readiness");
    /** DescribeTable and CreateTable at start-up, where the table is created by the service. */
    public static final AccessPattern TABLE_BOOTSTRAP = AccessPattern.named("table-bootstrap");

    private TableSchema() {
    }
}
