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


def test_the_api_is_grouped_by_tag_with_summaries_and_no_html_page(tmp_path):
    """``/api/docs`` groups the operations under a few tags, each with a summary and its
    refusal body documented; the HTML pages (the lobby, a table, the language switch…) are
    not API operations and are left out of the schema."""
    from joker.server import create_app

    schema = create_app(str(tmp_path / "d.db")).openapi()
    tags = [t["name"] for t in schema["tags"]]
    assert tags == ["tables", "finished games", "rules", "scorekeeper", "service"]
    ops = [(m, p, op) for p, v in schema["paths"].items() for m, op in v.items() if m in METHODS]
    for m, p, op in ops:
        assert len(op.get("tags", [])) == 1 and op["tags"][0] in tags, (m, p)
        assert op.get("summary") and not op["summary"].startswith(("Api ", "Get ", "Post ")), (m, p)  # not made up from the function
        assert op["responses"]["400"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody"), (m, p)
    for page in ("/", "/t/{table_id}", "/games", "/replay/{table_id}", "/keeper", "/keeper/game/{gid}", "/lang/{code}",
                 "/api/docs"):
        assert page not in schema["paths"], page
    assert {t for _, _, op in ops for t in op["tags"]} == set(tags)
    assert schema["paths"]["/api/tables"]["post"]["responses"]["422"]["content"]["application/json"]["schema"][
        "$ref"].endswith("/InvalidBody")
