package dev.trident.support.http;

import io.micrometer.core.instrument.Tags;
import io.quarkus.micrometer.runtime.HttpServerMetricsTagsContributor;
import jakarta.inject.Singleton;

/**
 * The {@code uri} tag of {@code http_server_requests_seconds} is a route template, never a path a caller made up.
 * Quarkus tags an answer with the template of the resource method that matched (set as the request's
 * {@value #TEMPLATE_KEY}); without one it tags 404s {@code NOT_FOUND} and 3xx {@code REDIRECTION}, but any other
 * status with the raw path (a 413 or 400 refused before routing, a 400 for a malformed path), so junk paths became
 * tags until Micrometer's cap on distinct uris dropped the real routes' meters. Every answer without a template is
 * tagged {@value #UNMATCHED} instead (404 and 3xx keep their names). A contributed tag replaces Quarkus' own of the
 * same key.
 */
@Singleton
public class UnmatchedRouteUriTag implements HttpServerMetricsTagsContributor {

    /** Where Quarkus REST leaves the matched resource method's template for its metrics. */
    static final String TEMPLATE_KEY = "UrlPathTemplate";
    static final String UNMATCHED = "UNMATCHED";

    @Override
    public Tags contribute(Context context) {
        Object template = context.requestContextLocalData(TEMPLATE_KEY);
        if (template != null) {
            return Tags.empty();
        }
        int status = context.response().statusCode();
        String uri = status == 404 ? "NOT_FOUND" : status / 100 == 3 ? "REDIRECTION" : UNMATCHED;
        return Tags.of("uri", uri);
    }
}
