package dev.trident.explorer.service;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.IndexDefinition;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.ItemKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.pattern.CollectionReads;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The model as a NoSQL Workbench data-model file (the JSON its data modeler imports): the table and its indexes from
 * common-keys' {@link TableDefinition}, one facet per {@link EntityType} whose key aliases are its declared key
 * templates, and one sample item per facet, keyed by common-keys' builders and declarations, so the file cannot
 * disagree with the grammar. The access patterns ({@link CollectionReads}) are listed in the model's description,
 * by collection.
 */
public final class WorkbenchModel {

    static final String MODEL_NAME = "Trident";
    private static final String POST_ID = "01JBX5Q8Z6R2N4K7M9P3T5V7W1";
    private static final String COMMENT_ID = "01JBX5RA0C3E5G7H9K1M3N5P7Q";
    private static final String CREATED = "2026-09-01T10:00:00Z";
    private static final ProjectId PROJECT = new ProjectId(2026, 3);
    private static final int SHARDS = 4;

    /** A facet's sample: its primary key and its other attributes (all strings or numbers). */
    private record Sample(ItemKey key, Map<String, Object> attributes) {
    }

    private WorkbenchModel() {
    }

    public static Map<String, Object> of(String tableName) {
        TableDefinition table = TableDefinition.of(tableName);
        Map<EntityType, Sample> samples = samples();

        Set<String> nonKey = new LinkedHashSet<>();
        table.indexes().forEach(i -> {
            nonKey.add(i.partitionKey());
            nonKey.add(i.sortKey());
        });
        nonKey.add(TableSchema.TYPE);
        samples.values().forEach(s -> nonKey.addAll(s.attributes().keySet()));
        Map<String, String> types = new LinkedHashMap<>();
        nonKey.forEach(n -> types.put(n, "S"));
        samples.values().forEach(s -> s.attributes().forEach((n, v) -> {
            if (v instanceof Number) {
                types.put(n, "N");
            }
        }));

        List<Map<String, Object>> facets = new ArrayList<>();
        samples.forEach((type, sample) -> facets.add(facet(type, sample)));

        Map<String, Object> dataModel = new LinkedHashMap<>();
        dataModel.put("TableName", table.tableName());
        dataModel.put("KeyAttributes", keyAttributes(table.partitionKey(), table.sortKey()));
        dataModel.put("NonKeyAttributes", types.entrySet().stream()
                .map(e -> attribute(e.getKey(), e.getValue())).toList());
        dataModel.put("TableFacets", facets);
        dataModel.put("GlobalSecondaryIndexes", table.indexes().stream().map(WorkbenchModel::index).toList());
        dataModel.put("DataAccess", Map.of("MySql", Map.of()));
        dataModel.put("BillingMode", table.billingMode().toString());

        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("Author", MODEL_NAME);
        metadata.put("DateCreated", "Sep 1, 2026, 10:00 AM");
        metadata.put("DateLastModified", "Sep 1, 2026, 10:00 AM");
        metadata.put("Description", description());
        metadata.put("AWSService", "Amazon DynamoDB");
        metadata.put("Version", "3.0");

        Map<String, Object> model = new LinkedHashMap<>();
        model.put("ModelName", MODEL_NAME);
        model.put("ModelMetadata", metadata);
        model.put("DataModel", List.of(dataModel));
        return model;
    }

    private static Map<String, Object> facet(EntityType type, Sample sample) {
        Map<String, Object> alias = new LinkedHashMap<>();
        alias.put("PartitionKeyAlias", type.keys().pk().toString());
        alias.put("SortKeyAlias", type.keys().sk().toString());

        Map<String, Object> item = new LinkedHashMap<>();
        item.put(TableSchema.PK, Map.of("S", sample.key().pk()));
        item.put(TableSchema.SK, Map.of("S", sample.key().sk()));
        List<String> attributes = new ArrayList<>();
        for (IndexKey index : indexKeys(type, sample)) {
            item.put(index.pkAttribute(), Map.of("S", index.pk()));
            item.put(index.skAttribute(), Map.of("S", index.sk()));
            attributes.add(index.pkAttribute());
            attributes.add(index.skAttribute());
        }
        item.put(TableSchema.TYPE, Map.of("S", type.typeName()));
        attributes.add(TableSchema.TYPE);
        sample.attributes().forEach((name, value) -> {
            item.put(name, Map.of(value instanceof Number ? "N" : "S", value.toString()));
            attributes.add(name);
        });

        Map<String, Object> facet = new LinkedHashMap<>();
        facet.put("FacetName", type.typeName());
        facet.put("KeyAttributeAlias", alias);
        facet.put("TableData", List.of(item));
        facet.put("NonKeyAttributes", attributes);
        facet.put("DataAccess", Map.of("MySql", Map.of()));
        return facet;
    }

    private static Map<String, Object> index(IndexDefinition index) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("IndexName", index.name());
        out.put("KeyAttributes", keyAttributes(index.partitionKey(), index.sortKey()));
        out.put("Projection", Map.of("ProjectionType", index.projection().toString()));
        return out;
    }

    private static Map<String, Object> keyAttributes(String partitionKey, String sortKey) {
        Map<String, Object> keys = new LinkedHashMap<>();
        keys.put("PartitionKey", attribute(partitionKey, "S"));
        keys.put("SortKey", attribute(sortKey, "S"));
        return keys;
    }

    private static Map<String, Object> attribute(String name, String type) {
        Map<String, Object> attribute = new LinkedHashMap<>();
        attribute.put("AttributeName", name);
        attribute.put("AttributeType", type);
        return attribute;
    }

    /** The access patterns, by collection: which service reads it, under which pattern, for which routes. */
    private static String description() {
        StringBuilder text = new StringBuilder("Trident's single table, generated from common-keys. Access patterns"
                + " by item collection (table or index partition):");
        for (ItemCollection collection : ItemCollection.values()) {
            List<CollectionReads.Read> reads = CollectionReads.of(collection);
            text.append("\n").append(collection.name()).append(" (")
                    .append(collection.indexName() == null ? "table" : collection.indexName()).append("): ")
                    .append(collection.description()).append(". ");
            text.append(reads.isEmpty() ? "Read by no route." : reads.stream()
                    .map(r -> r.service() + " " + r.accessPattern() + " [" + String.join("; ", r.routes()) + "]")
                    .collect(Collectors.joining(", ")));
        }
        return text.toString();
    }

    /** One sample item per entity type, keyed as the services key them (the seed data's ids). */
    private static Map<EntityType, Sample> samples() {
        Map<EntityType, Sample> samples = new EnumMap<>(EntityType.class);
        samples.put(EntityType.USER_PROFILE, new Sample(SocialKeys.userProfile("ada"),
                attrs("handle", "ada", "displayName", "Ada Lovelace", "bio", "Seed data", "version", 1,
                        "createdAt", CREATED)));
        samples.put(EntityType.HANDLE_CLAIM, new Sample(SocialKeys.handleClaim("ada"),
                attrs("userId", "ada", "createdAt", CREATED)));
        samples.put(EntityType.POST, new Sample(SocialKeys.post("ada", POST_ID),
                attrs("body", "Notes on the Analytical Engine, part 1", "commentCount", 2, "version", 1,
                        "createdAt", CREATED)));
        samples.put(EntityType.POST_DELETION, new Sample(SocialKeys.postDeletion("ada", POST_ID),
                attrs("createdAt", CREATED)));
        samples.put(EntityType.COMMENT, new Sample(SocialKeys.comment(POST_ID, COMMENT_ID),
                attrs("authorId", "grace", "postAuthorId", "ada", "body", "Looking forward to part 2", "version", 1,
                        "createdAt", CREATED)));
        samples.put(EntityType.MONTHLY_STATS, new Sample(SocialKeys.monthlyStats("ada", "2026-09"),
                attrs("posts", 2, "comments", 1)));
        samples.put(EntityType.TIMELINE_MONTH, new Sample(SocialKeys.timelineMonth("2026-09"),
                attrs("createdAt", CREATED)));
        samples.put(EntityType.STUDENT, new Sample(EnrollmentKeys.student("grace"),
                attrs("name", "Grace Hopper", "year", 2, "major", "CS", "version", 1, "createdAt", CREATED)));
        samples.put(EntityType.COURSE, new Sample(EnrollmentKeys.course("cs101"),
                attrs("title", "Introduction to Algorithms", "credits", 6, "term", "2026-fall", "capacity", 30,
                        "enrolledCount", 3, "version", 1, "createdAt", CREATED)));
        samples.put(EntityType.ENROLLMENT, new Sample(EnrollmentKeys.enrollment("grace", "cs101"),
                attrs("enrolledOn", "2026-09-01", "studentName", "Grace Hopper",
                        "courseTitle", "Introduction to Algorithms", "courseTerm", "2026-fall", "version", 1,
                        "createdAt", CREATED)));
        samples.put(EntityType.WORKSPACE, new Sample(WorkspaceKeys.workspace("acme"),
                attrs("displayName", "Acme Corporation", "region", "eu-west-1", "seatLimit", 50, "shards", SHARDS,
                        "ownerId", "ada", "memberCount", 4, "version", 1, "createdAt", CREATED)));
        samples.put(EntityType.MEMBER, new Sample(WorkspaceKeys.member("acme", "grace"),
                attrs("role", "admin", "createdAt", CREATED)));
        samples.put(EntityType.PROJECT, new Sample(WorkspaceKeys.project("acme", SHARDS, PROJECT),
                attrs("title", "Billing migration", "status", "ACTIVE", "createdBy", "grace",
                        "createdByName", "Grace Hopper", "version", 1, "createdAt", CREATED)));
        samples.put(EntityType.PROJECT_SEQUENCE, new Sample(WorkspaceKeys.projectSequence("acme", 2026),
                attrs("seq", 8)));
        samples.put(EntityType.IDEMPOTENCY, new Sample(IdempotencyKeys.record("grace", "POST /workspaces/{wsId}/projects",
                "3f1c9d2e"), attrs("location", "/workspaces/acme/projects/2026-0003",
                "expiresAt", 1790000000)));
        samples.put(EntityType.ERASURE, new Sample(ErasureKeys.record("edsger"),
                attrs("userId", "edsger", "status", "IN_PROGRESS", "expiresAt", 1790000000)));
        samples.put(EntityType.WORK_ITEM, new Sample(WorkKeys.task("workspace", "erase-account", "edsger"),
                attrs("kind", "erase-account", "taskId", "edsger", "attempts", 0, "createdAt", CREATED)));
        return samples;
    }

    /**
     * A sample's index keys, made from its type's key declaration as the services make them: each part from the
     * sample's key or attributes, the shard counts the defaults (and the sample workspace's own).
     */
    private static List<IndexKey> indexKeys(EntityType type, Sample sample) {
        Map<String, String> values = new HashMap<>(type.keys().decode(sample.key().pk(), sample.key().sk())
                .orElseThrow());
        sample.attributes().forEach((name, value) -> values.put(name, String.valueOf(value)));
        values.put(SocialKeys.TIMELINE_SHARDS_INPUT, Integer.toString(SocialKeys.DEFAULT_TIMELINE_SHARDS));
        values.put(EnrollmentKeys.CATALOGUE_SHARDS_INPUT, Integer.toString(EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS));
        values.put(WorkspaceKeys.WORKSPACE_SHARDS_INPUT, Integer.toString(SHARDS));
        values.put(WorkspaceKeys.STATUS_SHARDS_INPUT, Integer.toString(WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS));
        return type.keys().indexKeys(values::get);
    }

    private static Map<String, Object> attrs(Object... nameValues) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            attributes.put((String) nameValues[i], nameValues[i + 1]);
        }
        return attributes;
    }
}
