package dev.trident.support.dynamo;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size as DynamoDB counts it for capacity and its 400 KB limit: the sum over attributes of the name's UTF-8
 * bytes and the value's size. Strings count their UTF-8 bytes, binaries their raw bytes, numbers one byte per two
 * significant digits plus one, booleans and nulls one byte, sets the sum of their elements; a list or map adds 3
 * bytes, and each of its elements one byte more (a map's element also its key's name).
 */
public final class ItemSize {

    private static final int CONTAINER_OVERHEAD = 3;
    private static final int ELEMENT_OVERHEAD = 1;

    private ItemSize() {
    }

    public static int of(Map<String, AttributeValue> item) {
        int size = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            size += utf8(attribute.getKey()) + value(attribute.getValue());
        }
        return size;
    }

    static int value(AttributeValue v) {
        if (v.s() != null) {
            return utf8(v.s());
        }
        if (v.n() != null) {
            return number(v.n());
        }
        if (v.b() != null) {
            return v.b().asByteArray().length;
        }
        if (v.bool() != null || Boolean.TRUE.equals(v.nul())) {
            return 1;
        }
        if (v.hasSs()) {
            return v.ss().stream().mapToInt(ItemSize::utf8).sum();
        }
        if (v.hasNs()) {
            return v.ns().stream().mapToInt(ItemSize::number).sum();
        }
        if (v.hasBs()) {
            return v.bs().stream().mapToInt(b -> b.asByteArray().length).sum();
        }
        if (v.hasL()) {
            return CONTAINER_OVERHEAD + v.l().stream().mapToInt(e -> ELEMENT_OVERHEAD + value(e)).sum();
        }
        if (v.hasM()) {
            return CONTAINER_OVERHEAD + v.m().entrySet().stream()
                    .mapToInt(e -> ELEMENT_OVERHEAD + utf8(e.getKey()) + value(e.getValue())).sum();
        }
        return 0;
    }

    /** One byte per two significant digits (leading and trailing zeros trimmed), plus one. */
    static int number(String n) {
        String digits = new BigDecimal(n).unscaledValue().abs().toString().replaceAll("0+$", "");
        if (digits.isEmpty()) {
            digits = "0";
        }
        return (digits.length() + 1) / 2 + 1;
    }

    private static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
