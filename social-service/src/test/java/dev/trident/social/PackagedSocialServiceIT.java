package dev.trident.social;

import dev.trident.testing.PackagedServiceContract;
import dev.trident.testing.PackagedServiceResource;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The packaged artifact (the JVM jar here, the native runner with -Dnative) against DynamoDB Local. */
@QuarkusIntegrationTest
@QuarkusTestResource(value = PackagedServiceResource.class, restrictToAnnotatedClass = true)
class PackagedSocialServiceIT extends PackagedServiceContract {

    /** Every social route needs a token; the contract's reads are made by an authenticated caller. */
    @BeforeEach
    void authenticate() {
        RestAssured.authentication = RestAssured.oauth2(Tokens.user(SocialApi.READER).token());
    }

    @AfterEach
    void forget() {
        RestAssured.authentication = RestAssured.DEFAULT_AUTH;
    }

    @Override
    protected String itemRoute() {
        return "/users";
    }
}
