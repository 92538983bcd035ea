package dev.trident.keys.expr;

/** A condition expression written against placeholders, so it can be combined with any other expression. */
@FunctionalInterface
public interface Condition {
    String render(Placeholders placeholders);

    default Condition and(Condition other) {
        return p -> "(" + render(p) + ") AND (" + other.render(p) + ")";
    }
}
