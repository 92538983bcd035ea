package dev.trident.support.client;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.ext.ResponseExceptionMapper;

/**
 * Registered on every peer REST client ({@code @RegisterProvider}): a 4xx answer fails the call with
 * {@link RejectedByDependency}, its own type, which keeps it out of retries and the breaker. A 5xx is left to the
 * client's default mapping (a plain {@code WebApplicationException}), which {@link DependencyFailures#isTransient}
 * retries.
 */
public class RejectedByDependencyMapper implements ResponseExceptionMapper<RejectedByDependency> {

    @Override
    public boolean handles(int status, MultivaluedMap<String, Object> headers) {
        return status >= 400 && status < 500;
    }

    @Override
    public RejectedByDependency toThrowable(Response response) {
        return new RejectedByDependency(response.getStatus());
    }
}
