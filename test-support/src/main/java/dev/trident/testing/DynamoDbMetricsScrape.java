package dev.trident.testing;

import static io.restassured.RestAssured.given;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Reads the DynamoDB meters of a running service from its Prometheus endpoint ({@code /q/metrics}): how many
 * requests an access pattern sent, by operation and outcome, and the capacity units they consumed.
 */
public final class DynamoDbMetricsScrape {

    private final String text;

    private DynamoDbMetricsScrape(String text) {
        this.text = text;
    }

    /** Scrapes the service under test (rest-assured's base URI and port). */
    public static DynamoDbMetricsScrape now() {
        return new DynamoDbMetricsScrape(given().when().get("/q/metrics").then().statusCode(200).extract().asString());
    }

    /** Requests of one pattern, operation and outcome ({@code success} or an exception's simple name). */
    public double requests(String pattern, String operation, String outcome) {
        return value("trident_dynamodb_requests_seconds_count",
                Map.of("operation", operation, "outcome", outcome, "pattern", pattern));
    }

    /** Capacity units DynamoDB reported for one pattern and operation. */
    public double consumedCapacity(String pattern, String operation) {
        return value("trident_dynamodb_consumed_capacity_units_total", Map.of("operation", operation, "pattern", pattern));
    }

    /** Items read (a Query's ScannedCount) for one pattern and operation. */
    public double itemsRead(String pattern, String operation) {
        return value("trident_dynamodb_items_read_total", Map.of("operation", operation, "pattern", pattern));
    }

    /** Items read for one pattern and operation since the scrape {@code before}. */
    public double itemsReadSince(DynamoDbMetricsScrape before, String pattern, String operation) {
        return itemsRead(pattern, operation) - before.itemsRead(pattern, operation);
    }

    /** Requests of one pattern, operation and outcome since the scrape {@code before}. */
    public double requestsSince(DynamoDbMetricsScrape before, String pattern, String operation, String outcome) {
        return requests(pattern, operation, outcome) - before.requests(pattern, operation, outcome);
    }

    /** Capacity units of one pattern and operation since the scrape {@code before}. */
    public double consumedCapacitySince(DynamoDbMetricsScrape before, String pattern, String operation) {
        return consumedCapacity(pattern, operation) - before.consumedCapacity(pattern, operation);
    }

    /** The sample of {@code name} whose labels are exactly {@code labels}; 0 when there is none. */
    double value(String name, Map<String, String> labels) {
        String series = name + "{" + new TreeMap<>(labels).entrySet().stream()
                .map(e -> e.getKey() + "=\"" + e.getValue() + "\"").collect(Collectors.joining(",")) + "}";
        for (String line : text.split("\n")) {
            // Prometheus text: labels in name order, then one space and the value (maybe a timestamp after it).
            if (line.startsWith(series + " ")) {
                return Double.parseDouble(line.substring(series.length() + 1).split(" ")[0]);
            }
        }
        return 0;
    }
}
