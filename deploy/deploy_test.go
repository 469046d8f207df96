// Package deploy_test checks the example deployment files (deploy/kubernetes.yaml and
// the Dockerfile) without a cluster or a container engine: the YAML parses into the
// objects the README describes, with probes on the gRPC health service, resources,
// a non-root read-only security context and a grace period longer than the drain;
// every ARBITER_* variable they set exists; and the Dockerfile's build command gives
// a static binary.
package deploy_test

import (
	"bytes"
	"debug/elf"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

type probe struct {
	GRPC *struct {
		Port    int    `yaml:"port"`
		Service string `yaml:"service"`
	} `yaml:"grpc"`
	PeriodSeconds    int `yaml:"periodSeconds"`
	FailureThreshold int `yaml:"failureThreshold"`
}

type container struct {
	Name  string   `yaml:"name"`
	Image string   `yaml:"image"`
	Args  []string `yaml:"args"`
	Env   []struct {
		Name  string `yaml:"name"`
		Value string `yaml:"value"`
	} `yaml:"env"`
	Ports []struct {
		Name          string `yaml:"name"`
		ContainerPort int    `yaml:"containerPort"`
	} `yaml:"ports"`
	ReadinessProbe *probe `yaml:"readinessProbe"`
	LivenessProbe  *probe `yaml:"livenessProbe"`
	Resources      struct {
		Requests map[string]string `yaml:"requests"`
		Limits   map[string]string `yaml:"limits"`
	} `yaml:"resources"`
	SecurityContext struct {
		AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
		ReadOnlyRootFilesystem   *bool `yaml:"readOnlyRootFilesystem"`
		Capabilities             struct {
			Drop []string `yaml:"drop"`
		} `yaml:"capabilities"`
	} `yaml:"securityContext"`
}

type object struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		// Deployment: {matchLabels: {...}}; Service: the labels.
		Selector map[string]any `yaml:"selector"`
		Template struct {
			Metadata struct {
				Labels map[string]string `yaml:"labels"`
			} `yaml:"metadata"`
			Spec struct {
				TerminationGracePeriodSeconds int `yaml:"terminationGracePeriodSeconds"`
				SecurityContext               struct {
					RunAsNonRoot *bool `yaml:"runAsNonRoot"`
					RunAsUser    int   `yaml:"runAsUser"`
				} `yaml:"securityContext"`
				Containers []container `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
		// Service
		ClusterIP string           `yaml:"clusterIP"`
		Ports     []map[string]any `yaml:"ports"`
	} `yaml:"spec"`
}

func readObjects(t *testing.T) []object {
	t.Helper()
	data, err := os.ReadFile("kubernetes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var objs []object
	d := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var o object
		if err := d.Decode(&o); errors.Is(err, io.EOF) {
			return objs
		} else if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, o)
	}
}

func TestKubernetesManifest(t *testing.T) {
	objs := readObjects(t)
	if len(objs) != 2 || objs[0].Kind != "Deployment" || objs[1].Kind != "Service" {
		t.Fatalf("want a Deployment and a Service, got %d objects", len(objs))
	}
	dep, svc := objs[0], objs[1]
	pod := dep.Spec.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("%d containers", len(pod.Containers))
	}
	c := pod.Containers[0]
	match, _ := dep.Spec.Selector["matchLabels"].(map[string]any)
	if len(match) == 0 {
		t.Error("the Deployment has no selector")
	}
	for k, v := range match {
		if dep.Spec.Template.Metadata.Labels[k] != v || svc.Spec.Selector[k] != v {
			t.Errorf("label %s=%s does not tie the selector, the pods and the Service together", k, v)
		}
	}
	ports := map[string]int{}
	for _, p := range c.Ports {
		ports[p.Name] = p.ContainerPort
	}
	if ports["grpc"] != 50051 || ports["metrics"] != 9090 {
		t.Errorf("container ports %v, want grpc 50051 and metrics 9090", ports)
	}
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if !strings.HasSuffix(env["ARBITER_GRPC_ADDR"], ":50051") || !strings.HasSuffix(env["ARBITER_METRICS_ADDR"], ":9090") ||
		strings.HasPrefix(env["ARBITER_GRPC_ADDR"], "127.") {
		t.Errorf("listen addresses %v do not match the ports or serve only loopback", env)
	}
	if c.ReadinessProbe == nil || c.ReadinessProbe.GRPC == nil || c.ReadinessProbe.GRPC.Port != 50051 {
		t.Errorf("no gRPC readiness probe on 50051")
	}
	lp := c.LivenessProbe
	if lp == nil || lp.GRPC == nil || lp.GRPC.Port != 50051 {
		t.Fatalf("no gRPC liveness probe on 50051")
	}
	drain, err := time.ParseDuration(env["ARBITER_DRAIN_TIMEOUT"])
	if err != nil {
		t.Fatalf("ARBITER_DRAIN_TIMEOUT: %v", err)
	}
	if grace := time.Duration(pod.TerminationGracePeriodSeconds) * time.Second; grace < drain+5*time.Second {
		t.Errorf("terminationGracePeriodSeconds %v leaves no room after the %v drain", grace, drain)
	}
	if patience := time.Duration(lp.PeriodSeconds*lp.FailureThreshold) * time.Second; patience <= drain {
		t.Errorf("liveness gives up after %v, within the %v drain (health is NOT_SERVING while draining)", patience, drain)
	}
	for _, r := range []string{"cpu", "memory"} {
		if c.Resources.Requests[r] == "" || c.Resources.Limits[r] == "" {
			t.Errorf("no %s request and limit", r)
		}
	}
	sc := c.SecurityContext
	if pod.SecurityContext.RunAsNonRoot == nil || !*pod.SecurityContext.RunAsNonRoot || pod.SecurityContext.RunAsUser == 0 ||
		sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem || sc.AllowPrivilegeEscalation == nil ||
		*sc.AllowPrivilegeEscalation || len(sc.Capabilities.Drop) != 1 || sc.Capabilities.Drop[0] != "ALL" {
		t.Errorf("security context is not non-root, read-only, without privileges: %+v %+v", pod.SecurityContext, sc)
	}
	if len(svc.Spec.Ports) != 2 || svc.Spec.ClusterIP != "None" {
		t.Errorf("Service: want headless with the grpc and metrics ports, got %+v", svc.Spec)
	}
}

// Every ARBITER_* variable the deployment files set is one arbiter reads.
func TestVariablesExist(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "cmd", "arbiter", "serve.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"kubernetes.yaml", filepath.Join("..", "Dockerfile")} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range regexp.MustCompile(`ARBITER_[A-Z_]+`).FindAllString(string(data), -1) {
			if !bytes.Contains(src, []byte(`"`+v+`"`)) {
				t.Errorf("%s sets %s, which arbiter serve does not read", f, v)
			}
		}
	}
}

// The Dockerfile's build command gives a static binary that runs `version` and has the
// health subcommand its HEALTHCHECK uses.
func TestStaticBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	docker, err := os.ReadFile(filepath.Join("..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"CGO_ENABLED=0", "USER 65532", "HEALTHCHECK", `"health", "--addr"`, "distroless/static"} {
		if !bytes.Contains(docker, []byte(want)) {
			t.Errorf("Dockerfile lacks %s", want)
		}
	}
	bin := filepath.Join(t.TempDir(), "arbiter")
	// Without -trimpath and -s -w (which the Dockerfile adds) the build reuses the test cache.
	cmd := exec.Command("go", "build", "-buildvcs=false",
		"-ldflags", "-X github.com/arbiter-xq/arbiter/internal/buildinfo.version=v0.0.0-test",
		"-o", bin, "../cmd/arbiter")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the binary has an ELF interpreter: it is dynamically linked")
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("the binary links %v", libs)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), "arbiter v0.0.0-test ") {
		t.Errorf("--version: %q %v", out, err)
	}
	if err := exec.Command(bin, "health", "--help").Run(); err != nil {
		t.Errorf("health --help: %v", err)
	}
}
