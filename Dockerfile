# syntax=docker/dockerfile:1
# arbiter serve in a container: a static binary (CGO_ENABLED=0) on distroless/static,
# running as the image's non-root user, with a health check that needs no shell (the
# binary's own `arbiter health`, which asks grpc.health.v1).
#
#   docker build -t arbiter --build-arg VERSION=$(git describe --tags --always) \
#       --build-arg REVISION=$(git rev-parse HEAD) .
#   docker run --rm -p 50051:50051 -p 9090:9090 arbiter
#
# The casebook is embedded in the binary; nothing else is read at run time, so the root
# file system can be read-only (see deploy/kubernetes.yaml).

ARG GO_VERSION=1.26.8

FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# .git is usually not in the build context, so the version comes from build arguments.
ARG VERSION=""
ARG REVISION=""
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false \
      -ldflags "-s -w -X github.com/arbiter-xq/arbiter/internal/buildinfo.version=${VERSION} -X github.com/arbiter-xq/arbiter/internal/buildinfo.revision=${REVISION}" \
      -o /out/arbiter ./cmd/arbiter

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/arbiter /usr/local/bin/arbiter
# distroless's nonroot user (uid 65532).
USER 65532:65532
ENV ARBITER_GRPC_ADDR=0.0.0.0:50051 \
    ARBITER_METRICS_ADDR=0.0.0.0:9090 \
    ARBITER_DRAIN_TIMEOUT=15s
EXPOSE 50051 9090
HEALTHCHECK --interval=10s --timeout=5s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/arbiter", "health", "--addr", "127.0.0.1:50051", "--timeout", "4s"]
ENTRYPOINT ["/usr/local/bin/arbiter"]
CMD ["serve"]
