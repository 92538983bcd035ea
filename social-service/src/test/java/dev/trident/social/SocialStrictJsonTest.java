package dev.trident.social;

import dev.trident.testing.StrictJsonContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.UUID;

/** POST /users reads its body one way only (the shared contract). */
@QuarkusTest
class SocialStrictJsonTest extends StrictJsonContract {

    private final String userId = "strict-" + UUID.randomUUID().toString().substring(0, 12);

    @Override
    protected String method() {
        return "POST";
    }

    @Override
    protected String path() {
        return "/users";
    }

    @Override
    protected String validBody() {
        return "{\"handle\":\"" + userId + "\",\"displayName\":\"Strict\"}";
    }

    @Override
    protected String firstKey() {
        return "handle";
    }

    @Override
    protected RequestSpecification caller() {
        return as(userId);
    }

    @Override
    protected String readBack() {
        return "/users/" + userId;
    }
}
