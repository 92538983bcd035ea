package dev.trident.support.dynamo;

/**
 * The consistency a read asks for, chosen per access pattern and stated in its repository method: STRONG where
 * the answer gates a write or carries an ETag a client will send back in If-Match, EVENTUAL (half the read
 * capacity) for lists and views. Index reads are always eventual in DynamoDB.
 */
public enum Consistency {
    STRONG, EVENTUAL;

    boolean consistentRead() {
        return this == STRONG;
    }
}
