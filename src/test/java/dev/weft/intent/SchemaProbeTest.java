package dev.weft.intent;

import org.junit.jupiter.api.Test;

class SchemaProbeTest {
    @Test
    void probe() {
        SchemaValidator v = new SchemaValidator();
        String y = """
            version: 2
            fabirc: 1
            fabric:
              name: Roce_A
              transport: infiniband
              mtu: {switch: 9216, nic: 4200, roce: 4000}
              traffic-classes:
                - name: rdma
                  dscp: [26, 99]
                  prioirty: 3
                  priority: 9
                  scheduler: {type: strict, weight: 50}
                  ecn: {min: 150kb, max: 5 meters}
                - name: def
                  dscp: defualt
                  priority: 0
                  scheduler: {type: dwrr}
              versions:
                switch-os: {sonic: 202411, junos: "1"}
            profiles:
              Host: {speed: 400G}
            hosts:
              - name: h1
                nics: [{name: eth0}]
            subnet:
              partitions:
                - {name: x, members: [{all: true, hosts: [a]}, {membership: full}]}
            waivers:
              - {rule: x}
            """;
        v.validate("f.yaml", TestYaml.parse("f.yaml", y)).forEach(f -> System.out.println(f.location() + " " + f.path() + " [" + f.device() + "] " + f.message()));
    }
}
