import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;

/**
 * A buyer-token issuer for the benchmarks only: makes an RSA key, writes its public JWKS to
 * args[0] (the server reads it as a file location) and one token per subject bench-buyer-1..N to
 * args[1], valid one hour, issuer https://bench.issuer.invalid, audience agent-commerce.
 * Run: java -cp jose4j.jar bench/BenchBuyerTokens.java JWKS_OUT TOKENS_OUT N
 */
public class BenchBuyerTokens {
  public static void main(String[] args) throws Exception {
    RsaJsonWebKey key = RsaJwkGenerator.generateJwk(2048);
    key.setKeyId("bench-1");
    key.setAlgorithm(AlgorithmIdentifiers.RSA_USING_SHA256);
    Files.writeString(Path.of(args[0]), new JsonWebKeySet(key).toJson());
    int n = Integer.parseInt(args[2]);
    List<String> tokens = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      JwtClaims claims = new JwtClaims();
      claims.setIssuer("https://bench.issuer.invalid");
      claims.setAudience("agent-commerce");
      claims.setSubject("bench-buyer-" + i);
      claims.setIssuedAtToNow();
      claims.setExpirationTimeMinutesInTheFuture(60);
      JsonWebSignature jws = new JsonWebSignature();
      jws.setPayload(claims.toJson());
      jws.setKey(key.getPrivateKey());
      jws.setKeyIdHeaderValue(key.getKeyId());
      jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
      tokens.add(jws.getCompactSerialization());
    }
    Files.write(Path.of(args[1]), tokens);
  }
}
