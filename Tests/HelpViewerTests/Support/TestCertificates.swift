/// Certificates for the tests' HTTPS servers on 127.0.0.1, made once for these tests (EC P-256,
/// SAN 127.0.0.1 and localhost): self-signed and valid until 2126, and self-signed and expired in
/// 2021. Each string holds the certificate and its private key, PEM.
enum TestCertificates {
  static let selfSigned = """
    -----BEGIN CERTIFICATE-----
    MIIBcjCCARigAwIBAgIUZPsx+OgHKSKTsEqHQquZ0ADRO7AwCgYIKoZIzj0EAwIw
    KDEmMCQGA1UEAwwdSGVscFZpZXdlciB0ZXN0IChzZWxmLXNpZ25lZCkwIBcNMjYw
    MTAxMDAwMDAwWhgPMjEyNjAxMDEwMDAwMDBaMCgxJjAkBgNVBAMMHUhlbHBWaWV3
    ZXIgdGVzdCAoc2VsZi1zaWduZWQpMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE
    6wig3Kn3/230sRBWasG6ks4bBOV4d6UPFh6QLxJQgBMMMyi9JHNoKrij1vNw6OLF
    v9KuCyCHl8tnkTlb2V1NXaMeMBwwGgYDVR0RBBMwEYcEfwAAAYIJbG9jYWxob3N0
    MAoGCCqGSM49BAMCA0gAMEUCIQChjjVGzjA9F0F/dqE8SfvDgZ3/24gb671NnsYt
    8E+zFwIgRQc+8T343+VISknGem2PBYRxIZeNZRJ+YOm7Ol2eT9A=
    -----END CERTIFICATE-----
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQghfE1nGMu/G+cuqsI
    ohM+XEsBCkxqdP1WfDZdVm0C46qhRANCAATrCKDcqff/bfSxEFZqwbqSzhsE5Xh3
    pQ8WHpAvElCAEwwzKL0kc2gquKPW83Do4sW/0q4LIIeXy2eROVvZXU1d
    -----END PRIVATE KEY-----
    """

  static let expired = """
    -----BEGIN CERTIFICATE-----
    MIIBaDCCAQ6gAwIBAgIUYRd2tKco5jxwpb74xkEkjRCfoTcwCgYIKoZIzj0EAwIw
    JDEiMCAGA1UEAwwZSGVscFZpZXdlciB0ZXN0IChleHBpcmVkKTAeFw0yMDAxMDEw
    MDAwMDBaFw0yMTAxMDEwMDAwMDBaMCQxIjAgBgNVBAMMGUhlbHBWaWV3ZXIgdGVz
    dCAoZXhwaXJlZCkwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASgTLjC/OcFYX6S
    RDhxDJau/4g6OzJspnkNa5gb9N4Tw/0/WjjUbhkIqrynJMbxwnqfFV2fdWChLw+3
    PoebZJvBox4wHDAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZIzj0E
    AwIDSAAwRQIgKA6Ok4jk1FnBn5xCBMSgARcfg1y7Y4i1zCsEulkHQcgCIQD4rdUB
    opdeqWA0QI2g7uLnmAZbdvEqNX4Uf8esHdJbgA==
    -----END CERTIFICATE-----
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg2V23z/f4MjB84Jqs
    wyCTsMCNHhs52rISzFPXkigllQChRANCAASgTLjC/OcFYX6SRDhxDJau/4g6OzJs
    pnkNa5gb9N4Tw/0/WjjUbhkIqrynJMbxwnqfFV2fdWChLw+3PoebZJvB
    -----END PRIVATE KEY-----
    """
}
