# Sourced by deploy/run.sh, deploy/token.sh and deploy/lib/scratch-stack.sh. Needs ROOT and JAVA.
# dev_tokens ARGS...: runs dev.trident.local.DevTokens (keys DIR | mint DIR USER [ROLE...] [--ttl 8h]) on the classes of
# deploy/dynamodb-local and the jars its build listed in tokens.classpath (smallrye-jwt-build and what it needs).
dev_tokens() {
  local classes="$ROOT/deploy/dynamodb-local/target/classes"
  "$JAVA" -cp "$classes:$(cat "$classes/dev/trident/local/tokens.classpath")" dev.trident.local.DevTokens "$@"
}

# dev_tokens_built: whether deploy/dynamodb-local has been built with everything dev_tokens runs.
dev_tokens_built() {
  local classes="$ROOT/deploy/dynamodb-local/target/classes"
  [ -f "$classes/dev/trident/local/DevTokens.class" ] && [ -f "$classes/dev/trident/local/tokens.classpath" ]
}
