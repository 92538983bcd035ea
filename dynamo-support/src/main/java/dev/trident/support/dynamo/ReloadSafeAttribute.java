package dev.trident.support.dynamo;

import software.amazon.awssdk.core.interceptor.ExecutionAttribute;

/**
 * Creates the SDK {@link ExecutionAttribute}s Trident declares, in a way that survives Quarkus dev mode's live reload.
 * <p>
 * The SDK remembers every attribute name in a JVM-wide map and refuses a second attribute of a name it has seen
 * ("No duplicate ExecutionAttribute names allowed"); attributes are meant to be static constants created once.
 * A live reload loads Trident's classes again in a new class loader while the SDK's classes stay loaded, so the
 * reloaded constant would be refused. Each loading therefore takes the first name the SDK has not seen among
 * {@code name}, {@code name#2}, {@code name#3}, ...: a production process (classes loaded once) uses exactly
 * {@code name}; each reload leaves the previous loading's attribute (a name and no reference to its class loader)
 * in the SDK's map. Attributes compare by name, so two loadings never read each other's values.
 */
public final class ReloadSafeAttribute {

    /** Far more reloads than one dev-mode session makes; past it, something else refuses the name. */
    private static final int MAX_LOADINGS = 10_000;

    private ReloadSafeAttribute() {
    }

    /** A new attribute named {@code name}, or {@code name#N} when earlier loadings of the caller hold the name. */
    public static <T> ExecutionAttribute<T> named(String name) {
        IllegalArgumentException refused = null;
        for (int loading = 1; loading <= MAX_LOADINGS; loading++) {
            try {
                return new ExecutionAttribute<>(loading == 1 ? name : name + "#" + loading);
            } catch (IllegalArgumentException taken) {
                refused = taken;
            }
        }
        throw refused;
    }
}
