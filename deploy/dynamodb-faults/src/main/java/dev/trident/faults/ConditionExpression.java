package dev.trident.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A Query's key condition or filter expression, evaluated on one item image as DynamoDB would, so that the proxy can
 * tell whether a lagged index copy belongs in an answer. It reads the forms the services send: comparisons, BETWEEN,
 * IN, begins_with, contains, attribute_exists, attribute_not_exists, AND, OR, NOT and parentheses, over top-level
 * attributes named directly or through ExpressionAttributeNames. Anything else (nested paths, size, attribute_type) is
 * refused with {@link Unsupported}, and the proxy then leaves that answer alone rather than guess.
 */
final class ConditionExpression {

    /** An expression this evaluator does not understand. */
    static final class Unsupported extends Exception {
        Unsupported(String message) {
            super(message, null, false, false);
        }
    }

    private final Predicate<JsonNode> test;

    private ConditionExpression(Predicate<JsonNode> test) {
        this.test = test;
    }

    /** Parses {@code text} with the request's ExpressionAttributeNames and ExpressionAttributeValues (or nulls). */
    static ConditionExpression parse(String text, JsonNode names, JsonNode values) throws Unsupported {
        Parser parser = new Parser(tokens(text), names, values);
        Predicate<JsonNode> test = parser.or();
        if (parser.position < parser.tokens.size()) {
            throw new Unsupported("unexpected '" + parser.tokens.get(parser.position) + "' in " + text);
        }
        return new ConditionExpression(test);
    }

    /** Whether the item (a map of attribute name to AttributeValue JSON) meets the expression. */
    boolean matches(JsonNode item) {
        return test.test(item);
    }

    /**
     * The order of two scalar AttributeValues as DynamoDB sorts them (strings by their UTF-8 bytes, numbers by value,
     * binaries by their bytes), or null when they are not comparable (absent, of different types, or not scalars).
     */
    static Integer compare(JsonNode a, JsonNode b) {
        if (a == null || b == null || a.size() != 1 || b.size() != 1) {
            return null;
        }
        String type = a.fieldNames().next();
        if (!b.has(type)) {
            return null;
        }
        return switch (type) {
            case "S" -> Arrays.compareUnsigned(a.get("S").asText().getBytes(StandardCharsets.UTF_8),
                    b.get("S").asText().getBytes(StandardCharsets.UTF_8));
            case "N" -> new BigDecimal(a.get("N").asText()).compareTo(new BigDecimal(b.get("N").asText()));
            case "B" -> Arrays.compareUnsigned(Base64.getDecoder().decode(a.get("B").asText()),
                    Base64.getDecoder().decode(b.get("B").asText()));
            default -> null;
        };
    }

    /** Equality of two AttributeValues: scalars by {@link #compare}, sets in any order, the rest as JSON. */
    static boolean equal(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return false;
        }
        Integer order = compare(a, b);
        if (order != null) {
            return order == 0;
        }
        if (a.size() == 1 && b.size() == 1) {
            String type = a.fieldNames().next();
            if (b.has(type) && (type.equals("SS") || type.equals("NS") || type.equals("BS"))) {
                return setOf(a.get(type)).equals(setOf(b.get(type)));
            }
        }
        return a.equals(b);
    }

    private static Set<String> setOf(JsonNode members) {
        Set<String> set = new HashSet<>();
        members.forEach(m -> set.add(m.asText()));
        return set;
    }

    private static List<String> tokens(String text) throws Unsupported {
        List<String> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '#' || c == ':' || c == '_' || Character.isLetterOrDigit(c)) {
                int start = i++;
                while (i < text.length() && (text.charAt(i) == '_' || Character.isLetterOrDigit(text.charAt(i)))) {
                    i++;
                }
                tokens.add(text.substring(start, i));
            } else if ((c == '<' || c == '>') && i + 1 < text.length()
                    && (text.charAt(i + 1) == '=' || c == '<' && text.charAt(i + 1) == '>')) {
                tokens.add(text.substring(i, i + 2));
                i += 2;
            } else if ("<>=(),".indexOf(c) >= 0) {
                tokens.add(String.valueOf(c));
                i++;
            } else {
                // '.' and '[' start nested paths, which the services never filter on.
                throw new Unsupported("'" + c + "' in " + text);
            }
        }
        return tokens;
    }

    /** Recursive descent with DynamoDB's precedence: comparisons and functions, then NOT, then AND, then OR. */
    private static final class Parser {
        private final List<String> tokens;
        private final JsonNode names;
        private final JsonNode values;
        private int position;

        Parser(List<String> tokens, JsonNode names, JsonNode values) {
            this.tokens = tokens;
            this.names = names;
            this.values = values;
        }

        Predicate<JsonNode> or() throws Unsupported {
            Predicate<JsonNode> left = and();
            while (acceptKeyword("OR")) {
                left = left.or(and());
            }
            return left;
        }

        private Predicate<JsonNode> and() throws Unsupported {
            Predicate<JsonNode> left = not();
            while (acceptKeyword("AND")) {
                left = left.and(not());
            }
            return left;
        }

        private Predicate<JsonNode> not() throws Unsupported {
            return acceptKeyword("NOT") ? not().negate() : primary();
        }

        private Predicate<JsonNode> primary() throws Unsupported {
            if (accept("(")) {
                Predicate<JsonNode> inner = or();
                expect(")");
                return inner;
            }
            if (position + 1 < tokens.size() && tokens.get(position + 1).equals("(")) {
                return function(next());
            }
            Function<JsonNode, JsonNode> left = operand();
            String operator = next();
            if (operator.equalsIgnoreCase("BETWEEN")) {
                Function<JsonNode, JsonNode> low = operand();
                if (!acceptKeyword("AND")) {
                    throw new Unsupported("BETWEEN without AND");
                }
                Function<JsonNode, JsonNode> high = operand();
                return item -> {
                    Integer fromLow = compare(left.apply(item), low.apply(item));
                    Integer toHigh = compare(left.apply(item), high.apply(item));
                    return fromLow != null && toHigh != null && fromLow >= 0 && toHigh <= 0;
                };
            }
            if (operator.equalsIgnoreCase("IN")) {
                expect("(");
                List<Function<JsonNode, JsonNode>> candidates = new ArrayList<>();
                do {
                    candidates.add(operand());
                } while (accept(","));
                expect(")");
                return item -> candidates.stream().anyMatch(c -> equal(left.apply(item), c.apply(item)));
            }
            Function<JsonNode, JsonNode> right = operand();
            return switch (operator) {
                case "=" -> item -> equal(left.apply(item), right.apply(item));
                // A missing attribute is not equal to any value.
                case "<>" -> item -> !equal(left.apply(item), right.apply(item));
                case "<" -> ordered(left, right, order -> order < 0);
                case "<=" -> ordered(left, right, order -> order <= 0);
                case ">" -> ordered(left, right, order -> order > 0);
                case ">=" -> ordered(left, right, order -> order >= 0);
                default -> throw new Unsupported("operator " + operator);
            };
        }

        private static Predicate<JsonNode> ordered(Function<JsonNode, JsonNode> left,
                Function<JsonNode, JsonNode> right, Predicate<Integer> holds) {
            return item -> {
                Integer order = compare(left.apply(item), right.apply(item));
                return order != null && holds.test(order);
            };
        }

        private Predicate<JsonNode> function(String name) throws Unsupported {
            expect("(");
            Function<JsonNode, JsonNode> path = operand();
            Function<JsonNode, JsonNode> argument = accept(",") ? operand() : null;
            expect(")");
            switch (name) {
                case "attribute_exists":
                    return item -> path.apply(item) != null;
                case "attribute_not_exists":
                    return item -> path.apply(item) == null;
                case "begins_with":
                    if (argument == null) {
                        throw new Unsupported("begins_with needs two operands");
                    }
                    return item -> beginsWith(path.apply(item), argument.apply(item));
                case "contains":
                    if (argument == null) {
                        throw new Unsupported("contains needs two operands");
                    }
                    return item -> contains(path.apply(item), argument.apply(item));
                default:
                    throw new Unsupported("function " + name);
            }
        }

        private static boolean beginsWith(JsonNode value, JsonNode prefix) {
            if (value == null || prefix == null) {
                return false;
            }
            if (value.has("S") && prefix.has("S")) {
                return value.get("S").asText().startsWith(prefix.get("S").asText());
            }
            if (value.has("B") && prefix.has("B")) {
                byte[] bytes = Base64.getDecoder().decode(value.get("B").asText());
                byte[] start = Base64.getDecoder().decode(prefix.get("B").asText());
                return bytes.length >= start.length
                        && Arrays.equals(bytes, 0, start.length, start, 0, start.length);
            }
            return false;
        }

        private static boolean contains(JsonNode value, JsonNode element) {
            if (value == null || element == null) {
                return false;
            }
            if (value.has("S") && element.has("S")) {
                return value.get("S").asText().contains(element.get("S").asText());
            }
            for (String set : List.of("SS", "NS", "BS")) {
                String scalar = set.substring(0, 1);
                if (value.has(set) && element.has(scalar)) {
                    for (JsonNode member : value.get(set)) {
                        if (equal(member(scalar, member), element)) {
                            return true;
                        }
                    }
                    return false;
                }
            }
            if (value.has("L")) {
                for (JsonNode member : value.get("L")) {
                    if (equal(member, element)) {
                        return true;
                    }
                }
            }
            return false;
        }

        private static JsonNode member(String type, JsonNode text) {
            return JsonNodeFactory.instance.objectNode().set(type, text);
        }

        /** An attribute of the item (by name or #placeholder) or a :value of the request. */
        private Function<JsonNode, JsonNode> operand() throws Unsupported {
            String token = next();
            if (token.startsWith(":")) {
                JsonNode value = values == null ? null : values.get(token);
                if (value == null) {
                    throw new Unsupported("no value for " + token);
                }
                return item -> value;
            }
            String name = token;
            if (token.startsWith("#")) {
                JsonNode named = names == null ? null : names.get(token);
                if (named == null) {
                    throw new Unsupported("no name for " + token);
                }
                name = named.asText();
            } else if (token.equals("size")) {
                throw new Unsupported("size()");
            } else if (!Character.isLetter(token.charAt(0)) && token.charAt(0) != '_') {
                throw new Unsupported("operand " + token);
            }
            String attribute = name;
            return item -> item.get(attribute);
        }

        private String next() throws Unsupported {
            if (position >= tokens.size()) {
                throw new Unsupported("expression ends early");
            }
            return tokens.get(position++);
        }

        private boolean accept(String token) {
            if (position < tokens.size() && tokens.get(position).equals(token)) {
                position++;
                return true;
            }
            return false;
        }

        private boolean acceptKeyword(String keyword) {
            if (position < tokens.size() && tokens.get(position).equalsIgnoreCase(keyword)) {
                position++;
                return true;
            }
            return false;
        }

        private void expect(String token) throws Unsupported {
            if (!accept(token)) {
                throw new Unsupported("expected " + token);
            }
        }
    }
}
