package dev.weft.render;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TemplateEngineProbeTest {
    @TempDir Path dir;

    @Test
    void probe() throws Exception {
        Map<String, String> t = new java.util.LinkedHashMap<>();
        t.put("ok.j2", "{% for p in ports %}{{ loop.index }}:{{ p.name }}{% if not loop.last %},{% endif %}{% endfor %}\n{% for k, v in m|dictsort %}{{k}}={{v}} {% endfor %}");
        t.put("undef.j2", "line1\n{{ ports }}\n{{ missing }}\n");
        t.put("undef2.j2", "line1\n{{ m.nokey }}\n");
        t.put("trav.j2", "a\n{% include \"../../etc/passwd\" %}\n");
        t.put("inc.j2", "a\n{% include \"sub/x.j2\" %}\n");
        t.put("sub/x.j2", "x\ny\n{{ nope }}\n");
        t.put("meth.j2", "a\n\n{{ m.getClass() }}\n");
        t.put("meth2.j2", "{{ ''.getClass().forName('java.lang.Runtime') }}");
        t.put("meth3.j2", "{{ m.items() }}");
        t.put("prop.j2", "{{ 'abc'.class }}");
        t.put("syn.j2", "a\nb\n{% if x %}\nnever closed\n");
        t.put("syn2.j2", "a\n{{ 1 + }}\n");
        t.put("big.j2", "{% for i in range(100000) %}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{% endfor %}");
        t.put("macro.j2", "{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}");
        for (var e : t.entrySet()) {
            Path p = dir.resolve(e.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, e.getValue());
        }
        TemplateEngine engine = new TemplateEngine(TemplateFolders.withOverrides(dir), 100_000);
        Map<String, Object> data = Map.of("ports", List.of(Map.of("name", "E0"), Map.of("name", "E1")), "m", Map.of("b", 2, "a", 1));
        for (String name : t.keySet()) {
            var out = engine.render(name, data);
            System.out.println("== " + name + " -> " + (out.ok() ? out.text().replace("\n", "\\n") : out.problems()));
        }
    }
}
