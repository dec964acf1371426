# The Tingshu image: the one static binary (musl; the app and the translations are inside it)
# and an empty data folder, nothing else: no shell, no distribution layer, no base image to pull.
# Build it with `scripts/container-image.sh`, which builds the binary and lays out the context.
FROM scratch

COPY --chown=65532:65532 data/ /data/
COPY tingshu /tingshu

# Not root: a user without a name (scratch has no /etc/passwd), owner of /data.
USER 65532:65532
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    LOG_FORMAT=json
EXPOSE 8080
VOLUME ["/data"]
# `tingshu healthcheck` asks this process's /readyz (the database answers and can write).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["/tingshu", "healthcheck"]
ENTRYPOINT ["/tingshu"]
