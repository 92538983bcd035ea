package dev.trident.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.keys.AccessPattern;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The routes a service's catalogue names ({@code .routes("GET /courses?term={term}")}) are routes its resources
 * serve: the method and path template of a resource method, and each query parameter the route names one that
 * method takes. A route in parentheses or with a note in them (the erasure from pending work, the scheduled poll) is
 * no HTTP route and is not checked.
 */
public final class DeclaredRoutes {

    /** What a resource method serves: its query parameters, or null when a bean parameter may hold any. */
    private record Served(Set<String> queryParameters) {
    }

    private DeclaredRoutes() {
    }

    /** Fails naming each route of {@code catalogue} that no resource of {@code restPackage} serves as declared. */
    public static void assertServed(List<AccessPattern> catalogue, String restPackage) {
        Map<String, Served> served = served(restPackage);
        Set<String> missing = new TreeSet<>();
        for (AccessPattern pattern : catalogue) {
            for (String route : pattern.routes()) {
                if (route.startsWith("(") || route.contains(" (")) {
                    continue;
                }
                int query = route.indexOf('?');
                String path = query < 0 ? route : route.substring(0, query);
                Served method = served.get(path);
                if (method == null) {
                    missing.add(pattern + ": " + route + " (no resource method serves " + path + ")");
                    continue;
                }
                if (query >= 0 && method.queryParameters() != null) {
                    for (String parameter : route.substring(query + 1).split("&")) {
                        String name = parameter.split("=", 2)[0];
                        if (!method.queryParameters().contains(name)) {
                            missing.add(pattern + ": " + route + " (" + path + " takes no query parameter " + name
                                    + ")");
                        }
                    }
                }
            }
        }
        assertEquals(Set.of(), missing, "routes the catalogue names that the resources do not serve; served: "
                + new TreeSet<>(served.keySet()));
    }

    /** Every route the resources of a package serve ({@code GET /courses/{courseId}}), with its query parameters. */
    static Map<String, Served> served(String restPackage) {
        Map<String, Served> served = new HashMap<>();
        for (Class<?> resource : classes(restPackage)) {
            Path classPath = resource.getAnnotation(Path.class);
            if (classPath == null) {
                continue;
            }
            for (Method method : resource.getDeclaredMethods()) {
                String verb = httpMethod(method);
                if (verb == null) {
                    continue;
                }
                Path methodPath = method.getAnnotation(Path.class);
                String route = verb + " " + template(classPath.value() + (methodPath == null ? "" : "/"
                        + methodPath.value()));
                Served previous = served.get(route);
                Set<String> parameters = queryParameters(method);
                if (previous != null && previous.queryParameters() != null && parameters != null) {
                    parameters.addAll(previous.queryParameters());
                }
                served.put(route, new Served(previous != null && previous.queryParameters() == null ? null
                        : parameters));
            }
        }
        return served;
    }

    private static String httpMethod(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value();
            }
        }
        return null;
    }

    /** The query parameters a method takes; null when it takes a bean parameter (which may hold any). */
    private static Set<String> queryParameters(Method method) {
        Set<String> names = new HashSet<>();
        for (Parameter parameter : method.getParameters()) {
            if (parameter.isAnnotationPresent(BeanParam.class)) {
                return null;
            }
            QueryParam query = parameter.getAnnotation(QueryParam.class);
            if (query != null) {
                names.add(query.value());
            }
        }
        return names;
    }

    /** A path template as a route names it: one slash between segments, none at the end, no regular expressions. */
    static String template(String path) {
        String joined = ("/" + path).replaceAll("/+", "/").replaceAll("\\{\\s*([A-Za-z0-9_]+)\\s*:[^}]*}", "{$1}");
        return joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }

    private static List<Class<?>> classes(String packageName) {
        String directory = packageName.replace('.', '/');
        URL url = Thread.currentThread().getContextClassLoader().getResource(directory);
        if (url == null || !"file".equals(url.getProtocol())) {
            throw new IllegalStateException("package " + packageName + " is not a directory on the class path: " + url);
        }
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = Files.list(java.nio.file.Path.of(url.toURI()))) {
            for (java.nio.file.Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith(".class") && !name.contains("$")) {
                    classes.add(Class.forName(packageName + "." + name.substring(0, name.length() - 6)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return classes;
    }
}
