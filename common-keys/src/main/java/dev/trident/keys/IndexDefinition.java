package dev.trident.keys;

import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/** One global secondary index of the table: its name, string key attributes and projection. */
public record IndexDefinition(String name, String partitionKey, String sortKey, ProjectionType projection) {
}
