"""``/api/docs`` renders in Chromium (issue 23, item 7): Swagger UI 5 from
the ``swagger-ui-bundle-v2`` package, served by the app (no CDN), reads the
app's OpenAPI 3.1 schema and lists every operation; Swagger UI 4 said
"Unable to render this definition"."""

from __future__ import annotations

from test_web_e2e import _page, browser, server  # noqa: F401  (fixtures: the app on a port, Chromium)

METHODS = {"get", "post", "put", "patch", "delete"}


def test_the_api_docs_page_lists_every_operation(server, browser):  # noqa: F811
    from playwright.sync_api import expect

    ctx, page, errors = _page(browser)
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(server) else outside.append(r.url))
    schema = page.request.get(f"{server}/api/openapi.json").json()
    assert schema["openapi"].startswith("3.1")
    operations = sorted((m.upper(), p) for p, ops in schema["paths"].items() for m in ops if m in METHODS)
    assert len(operations) > 10
    page.goto(f"{server}/api/docs")
    blocks = page.locator(".opblock")
    expect(blocks).to_have_count(len(operations))
    shown = sorted(zip((m.strip().upper() for m in page.locator(".opblock .opblock-summary-method").all_inner_texts()),
                       (p.strip().replace("\u200b", "") for p in
                        page.locator(".opblock .opblock-summary-path").all_inner_texts())))
    assert shown == operations
    assert "Unable to render" not in page.content()
    assert outside == [] and errors == []
    ctx.close()
