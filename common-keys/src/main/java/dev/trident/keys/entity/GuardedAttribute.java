package dev.trident.keys.entity;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An attribute of one entity type that only some callers may read, with the attributes that move with it: a caller
 * who may not read it must not read them either, or their changes would tell when it was written. Declared here,
 * once, so that every path that shows such an item (the owning service's routes, the explorer, anything added later)
 * projects through the same declaration; who may read it is the owning service's rule.
 */
public record GuardedAttribute(EntityType type, String name, List<String> movesWith) {

    /**
     * The grade of an enrolment edge: written by the registrar or an instructor of the course, removed only by the
     * registrar, read only by the registrar, the course's instructors and the student. Setting it bumps the edge's
     * {@code version} and {@code updatedAt}, so those are withheld with it (and with them the ETag).
     */
    public static final GuardedAttribute GRADE = new GuardedAttribute(EntityType.ENROLLMENT, "grade",
            List.of(StandardAttributes.VERSION.name(), StandardAttributes.UPDATED_AT.name()));

    public GuardedAttribute {
        movesWith = List.copyOf(movesWith);
    }

    /** Whether {@code item} (a stored item with its keys) is of the guarded entity type. */
    public boolean guards(Map<String, AttributeValue> item) {
        AttributeValue pk = item.get(TableSchema.PK);
        AttributeValue sk = item.get(TableSchema.SK);
        return pk != null && sk != null && pk.s() != null && sk.s() != null
                && EntityType.classify(new ItemKey(pk.s(), sk.s())).filter(type::equals).isPresent();
    }

    /**
     * {@code item} as a caller who may not read the attribute sees it: without the attribute and without what moves
     * with it, whether it was set or not (so an unset one looks the same as a withheld one). Items of other types are
     * returned unchanged.
     */
    public Map<String, AttributeValue> withheld(Map<String, AttributeValue> item) {
        if (!guards(item)) {
            return item;
        }
        return withheldFromEntity(item);
    }

    /** Like {@link #withheld}, for an item known to be of {@link #type()} (an entity's own attributes, no keys). */
    public Map<String, AttributeValue> withheldFromEntity(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> shown = new LinkedHashMap<>(item);
        shown.remove(name);
        movesWith.forEach(shown::remove);
        return shown;
    }
}
