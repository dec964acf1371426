"""Schemathesis hooks for scripts/fuzz-contract.sh.

1. Bodies of media types schemathesis cannot make itself: the tus upload protocol sends raw
   bytes as `application/offset+octet-stream`.
2. Steering past the rules about stored records that no schema can state (an existing
   category, exactly the book's chapters, a live reset link, a real date range, the current
   password…): the valid cases of such an operation have those fields replaced with values
   read from the running server just before they are sent, so the generated rest of the
   request reaches the handler. Cases meant to be refused go as generated.
3. The run's own session is kept: signing the administrator out everywhere acts on another
   account instead (before this, the first such call left the rest of the run at 401).

The server is named by FUZZ_BASE, the administrator's session by FUZZ_TOKEN and its password
by FUZZ_PASSWORD, the account the user operations act on by FUZZ_TARGET_USER.
"""
import base64
import datetime
import json
import os
import urllib.error
import urllib.request
from collections import Counter

import schemathesis
from schemathesis.generation.modes import GenerationMode
from hypothesis import strategies as st

schemathesis.openapi.media_type("application/offset+octet-stream", st.binary(max_size=4096))

BASE = os.environ.get("FUZZ_BASE", "")
TOKEN = os.environ.get("FUZZ_TOKEN", "")
TARGET_USER = os.environ.get("FUZZ_TARGET_USER", "")
# The administrator's password as it is now (a steered change moves it on).
password = {"current": os.environ.get("FUZZ_PASSWORD", "")}
calls = Counter()
made = Counter()
# The administrator's own id, read once.
ADMIN = {"id": None}
# The uploads the steering opened and left open, the oldest first.
open_uploads = []


def api(method, path, body=None, headers=None, signed_in=True):
    """One call to the server, as the administrator unless `signed_in` is false; the `data` of
    its answer. A refusal raises with the server's own words."""
    auth = {"Authorization": f"Bearer {TOKEN}"} if signed_in else {}
    request = urllib.request.Request(
        BASE + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={**auth, "Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            text = answer.read()
            return json.loads(text)["data"] if text else None
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{method} {path}: {error.code} {error.read().decode(errors='replace')}") from None


def items(path):
    return api("GET", path)["items"]


def categories():
    tree = api("GET", "/api/categories")
    return [c["id"] for c in tree] + [child["id"] for c in tree for child in c.get("children", [])]


def books():
    return [b["id"] for b in items("/api/admin/books?pageSize=100")]


def files(kind):
    return [f["id"] for f in items(f"/api/admin/files?pageSize=100&kind={kind}") if f["kind"] == kind]


def pick(ids, n):
    """One of `ids`, chosen by the call's number (deterministic, and it moves through them)."""
    return ids[n % len(ids)] if ids else None


def new_category():
    made["category"] += 1
    slug = f"fuzz-{os.getpid()}-{made['category']}"
    return api("POST", "/api/admin/categories",
               {"slug": slug, "nameZh": slug, "nameEn": slug, "nameJa": slug})["id"]


def b64(text):
    return base64.b64encode(text.encode()).decode()


def tus_metadata(file_name, kind):
    """`Upload-Metadata` of a tus upload: the file's name and kind, each in base64."""
    return f"filename {b64(file_name)},kind {b64(kind)}"


def body_dict(case):
    return case.body if isinstance(case.body, dict) else None


def close_oldest_uploads():
    """Keeps the uploads left open, the steering's and the fuzzer's own, under the server's limit
    of 100 open uploads per editor."""
    while len(open_uploads) >= 50:
        try:
            api("DELETE", f"/api/admin/uploads/{open_uploads.pop(0)}", headers={"Tus-Resumable": "1.0.0"})
        except RuntimeError as gone:  # finished, cancelled or swept already
            assert " 404 " in str(gone), gone


def steer_upload(case, n):
    kind = "audio" if n % 4 else "image"
    case.headers = dict(case.headers or {})
    case.headers["Upload-Length"] = str(1 + n % 65536)
    case.headers["Upload-Metadata"] = tus_metadata(f"第{n}章.mp3" if kind == "audio" else f"cover-{n}.png", kind)


def steer_upload_part(case, n):
    """A part of an open upload, sent where the upload stands (its start); one byte is left
    to come, so the upload stays open and is swept with the abandoned ones."""
    part = case.body if isinstance(case.body, (bytes, bytearray)) else b""
    close_oldest_uploads()
    upload = api("POST", "/api/admin/uploads", headers={
        "Tus-Resumable": "1.0.0",
        "Upload-Length": str(len(part) + 1),
        "Upload-Metadata": tus_metadata(f"第{n}章.mp3", "audio"),
    })
    open_uploads.append(upload["id"])
    case.path_parameters["id"] = upload["id"]
    case.headers = dict(case.headers or {})
    case.headers["Upload-Offset"] = "0"


def steer_change_password(case, n):
    if (body := body_dict(case)) is not None:
        body["currentPassword"] = current = password["current"]
        if body.get("newPassword") == current:  # a new password must differ
            body["newPassword"] = current[:-1] + ("2" if current[-1] == "1" else "1")


def steer_book(case, n):
    if "id" in (case.path_parameters or {}):
        case.path_parameters["id"] = pick(books(), n)
    if (body := body_dict(case)) is not None:
        body["categoryId"] = pick(categories(), n)
        if body.get("access") == "paid":  # a paid book has its prices
            for currency, price in (("priceCny", 990), ("priceUsd", 199), ("priceJpy", 300)):
                if not isinstance(body.get(currency), int):
                    body[currency] = price


def top_level_categories():
    return [c["id"] for c in api("GET", "/api/categories")]


def steer_category(case, n):
    own = None
    if "id" in (case.path_parameters or {}):
        own = case.path_parameters["id"] = new_category()
    if (body := body_dict(case)) is not None:
        # Under a top-level category (the tree is two deep), never under itself.
        parents = [c for c in top_level_categories() if c != own]
        body["parentId"] = None if n % 4 else pick(parents, n)


def steer_category_delete(case, n):
    case.path_parameters["id"] = new_category()
    case.query = dict(case.query or {})
    case.query["moveTo"] = pick(categories(), n)


def steer_chapter_fields(chapter, n):
    if isinstance(chapter, dict):
        chapter["assetId"] = None if n % 2 else pick(files("audio"), n)


def steer_chapters(case, n):
    if "id" in (case.path_parameters or {}):
        case.path_parameters["id"] = pick(books(), n)
    if (body := body_dict(case)) is not None:
        for chapter in body.get("chapters") or [body]:
            steer_chapter_fields(chapter, n)


def steer_chapter(case, n):
    case.path_parameters["id"] = pick([c["id"] for c in items("/api/admin/chapters?pageSize=100")], n)
    if (body := body_dict(case)) is not None:
        steer_chapter_fields(body, n)


def steer_chapter_order(case, n):
    book = pick(books(), n)
    chapters = [c["id"] for c in api("GET", f"/api/admin/books/{book}/chapters")["chapters"]]
    case.path_parameters["id"] = book
    if (body := body_dict(case)) is not None and chapters:
        body["chapterIds"] = chapters[::-1] if n % 4 == 1 else chapters


def steer_cover(case, n):
    case.path_parameters["id"] = pick(books(), n)
    if (body := body_dict(case)) is not None:
        body["assetId"] = None if n % 4 == 3 else pick(files("image"), n)


def steer_period(case, n):
    today = datetime.date.today()
    case.query = dict(case.query or {})
    case.query["from"] = (today - datetime.timedelta(days=n % 366)).isoformat()
    case.query["to"] = today.isoformat()


def future_period(body, n):
    now = int(datetime.datetime.now().timestamp() * 1000)
    body["startsAt"] = now + 60_000 * (n % 60)
    body["endsAt"] = now + 86_400_000 * (1 + n % 30)


def steer_promotion(case, n):
    if "id" in (case.path_parameters or {}):
        case.path_parameters["id"] = pick([p["id"] for p in items("/api/admin/promotions")], n)
    if (body := body_dict(case)) is not None:
        future_period(body, n)
        if n % 2:
            body["bookIds"], body["categoryIds"] = [pick(books(), n)], None
        else:
            body["bookIds"], body["categoryIds"] = None, [pick(categories(), n)]


def an_ad(n):
    ads = [a["id"] for a in items("/api/admin/ads")]
    if ads:
        return pick(ads, n)
    ad = {"slot": "book_detail", "text": "广告", "link": "https://example.com/tingshu"}
    future_period(ad, n)
    return api("POST", "/api/admin/ads", ad)["id"]


def steer_ad(case, n):
    if "id" in (case.path_parameters or {}):
        case.path_parameters["id"] = an_ad(n)
    if (body := body_dict(case)) is not None:
        future_period(body, n)
        body["link"] = "https://example.com/tingshu"
        if not (body.get("text") or "").strip():
            body["text"] = f"广告 {n}"
        body["imageUrl"] = None if n % 2 else f"/api/covers/{1 + n % 12}/small"


def steer_membership(case, n):
    case.path_parameters["id"] = int(TARGET_USER)
    if (body := body_dict(case)) is not None:
        body["term"] = ("plan", "lifetime")[n % 2]
        body["planId"] = pick([p["id"] for p in items("/api/admin/plans")], n)
        if not (body.get("reason") or "").strip():
            body["reason"] = f"fuzz {n}"


def steer_settings(case, n):
    if (body := body_dict(case)) is not None and "supportContact" in body:
        body["supportContact"] = ("help@tingshu.test", "https://tingshu.test/help", None)[n % 3]


def steer_profile(case, n):
    if (body := body_dict(case)) is not None and "avatarUrl" in body:
        body["avatarUrl"] = ("/avatar-placeholder.svg", "https://tingshu.test/a.png", "")[n % 3]


def steer_permissions(case, n):
    """A permission is granted or revoked, not both at once."""
    if (body := body_dict(case)) is not None and isinstance(body.get("revoke"), list):
        granted = body.get("grant") if isinstance(body.get("grant"), list) else []
        body["revoke"] = [p for p in body["revoke"] if p not in granted]


def steer_log_page(case, n):
    """The first page: a cursor is only ever one the server gave."""
    case.query = {k: v for k, v in (case.query or {}).items() if k != "cursor"}


def steer_password_reset(case, n):
    if (body := body_dict(case)) is not None:
        link = api("POST", f"/api/admin/users/{TARGET_USER}/password-reset")
        body["token"] = link["path"].split("token=", 1)[1]
        body["newPassword"] = f"Fuzz-pass-{n}"


def steer_user(case, n):
    case.path_parameters["id"] = int(TARGET_USER)
    if (body := body_dict(case)) is not None and "roleIds" in body:
        roles = [r["id"] for r in items("/api/admin/roles")]
        body["roleIds"] = roles[n % len(roles):][:1]


def admin_id():
    if ADMIN["id"] is None:
        ADMIN["id"] = api("GET", "/api/auth/me")["id"]
    return ADMIN["id"]


def published_books():
    """The ids of the first published books."""
    return [b["id"] for b in items("/api/books?pageSize=12")]


def admin_email():
    """The administrator's email as it is now (fuzzed profile changes may move it)."""
    return api("GET", "/api/auth/me")["email"]


def free_chapters():
    """Free chapters of the published books: (book, chapter) pairs."""
    return [(book, c["id"]) for book in published_books()
            for c in items(f"/api/books/{book}/chapters?pageSize=50") if c["isFree"]]


def steer_published_book(case, n):
    """Every other valid case at a published book (the rest keep their generated id): an
    operation the run reaches seldom by links would otherwise meet only 404."""
    if n % 2 and (book := pick(published_books(), n)) is not None:
        case.path_parameters["id"] = book


def steer_download(case, n):
    """A member's offline download (the administrator is made a member by the script)."""
    if (body := body_dict(case)) is not None and (free := pick(free_chapters(), n)):
        book, chapter = free
        body["bookId"] = book
        body["chapterIds"] = None if n % 2 else [chapter]


def steer_progress(case, n):
    if free := pick(free_chapters(), n):
        _, case.path_parameters["id"] = free
    case.query = {k: v for k, v in (case.query or {}).items() if k != "token"}


def steer_rating_delete(case, n):
    """A rating the administrator has just given."""
    book = pick(published_books(), n)
    if book is not None:
        api("PUT", f"/api/books/{book}/rating", {"score": 1 + n % 5, "review": f"fuzz {n}"})
        case.path_parameters["id"] = book


def a_review(n):
    """A review on a published book, written by the administrator when none is there; None when
    the book still lists none (a fuzzed call may have hidden the administrator's own review)."""
    book = pick(published_books(), n)
    if book is None:
        return None
    if not items(f"/api/books/{book}/reviews"):
        api("PUT", f"/api/books/{book}/rating", {"score": 4, "review": f"fuzz review {n}"})
    return pick([r["id"] for r in items(f"/api/books/{book}/reviews")], n)


def steer_review(case, n):
    if (review := a_review(n)) is not None:
        case.path_parameters["id"] = review


def steer_cover_image(case, n):
    """A cover some book shows (its URL `/api/covers/{image}/{size}`)."""
    urls = [b["coverUrl"] for b in items("/api/books?pageSize=12") if b.get("coverUrl")]
    image = pick([u.split("/api/covers/", 1)[1].split("/")[0] for u in urls if "/api/covers/" in u], n)
    if image is not None:
        case.path_parameters["id"] = int(image)


def priced_plans():
    """(code, currency) of the timed plans with a price in that currency (a lifetime
    membership would refuse every later plan order; fuzzed plan edits may remove prices)."""
    return [(p["code"], currency.upper()) for p in items("/api/plans")
            if p["code"] != "lifetime" and p.get("active", True)
            for currency, price in sorted((p.get("prices") or {}).items()) if price]  # 0: not sold


def monthly_on_sale():
    """The monthly plan priced and on sale again (fuzzed plan edits may have taken every timed
    plan off sale); its (code, currency)."""
    monthly = next(p for p in items("/api/admin/plans") if p["code"] == "monthly")
    api("PUT", f"/api/admin/plans/{monthly['id']}",
        {"priceCny": 1800, "priceUsd": 299, "priceJpy": 380, "active": True})
    return ("monthly", "CNY")


def new_order(n):
    """A plan order of the administrator's (pending: the same plan's pending order answers)."""
    code, currency = pick(priced_plans(), n) or monthly_on_sale()
    return api("POST", "/api/orders", {"kind": "plan", "planCode": code, "currency": currency})


def steer_order_body(case, n):
    if (body := body_dict(case)) is None:
        return
    if body.get("kind") == "plan":
        body["planCode"], body["currency"] = pick(priced_plans(), n) or monthly_on_sale()
    elif body.get("kind") == "book":
        body["bookId"] = pick([b["id"] for b in items("/api/books?access=paid&pageSize=12")], n)


def steer_own_order(case, n):
    orders = [o["id"] for o in items("/api/me/orders")] or [new_order(n)["id"]]
    case.path_parameters["id"] = pick(orders, n)


def steer_pending_order(case, n):
    case.path_parameters["id"] = new_order(n)["id"]


def steer_checkout(case, n):
    """The checkout session of a pending order (its URL's last part)."""
    url = new_order(n)["checkoutUrl"] or ""
    case.path_parameters["session"] = url.rstrip("/").rsplit("/", 1)[-1]


def steer_webhook(case, n):
    case.path_parameters["provider"] = "sandbox"


def admin_sign_in():
    """A new session of the administrator's (not the run's own): its id and tokens."""
    email = admin_email()
    return api("POST", "/api/auth/login", {"email": email, "password": password["current"]},
               signed_in=False)


def steer_user_session(case, n):
    """A session of the administrator's opened for the purpose, never the run's own."""
    case.path_parameters["id"] = admin_id()
    case.path_parameters["sessionId"] = admin_sign_in()["sessionId"]


def steer_login(case, n):
    """Every other valid sign-in with the administrator's real email and password (a new
    session, never the run's own); the rest as generated, refused."""
    if (body := body_dict(case)) is not None and n % 2:
        body["email"] = admin_email()
        body["password"] = password["current"]


def steer_refresh(case, n):
    if (body := body_dict(case)) is not None:
        body["refreshToken"] = admin_sign_in()["tokens"]["refreshToken"]


def steer_throttle(case, n):
    """The throttle of an unknown name, after one failed sign-in with it."""
    made["throttle"] += 1
    account = f"nobody-{os.getpid()}-{made['throttle']}@fuzz.test"
    try:
        api("POST", "/api/auth/login", {"email": account, "password": "Wrong-pass-2026"}, signed_in=False)
    except RuntimeError as refused:
        assert " 401 " in str(refused), refused
    case.path_parameters["key"] = f"name:{account}"


STEERING = {
    **{key: steer_published_book for key in [
        ("GET", "/api/books/{id}"), ("GET", "/api/books/{id}/chapters"),
        ("GET", "/api/books/{id}/reviews"), ("GET", "/api/books/{id}/rating"),
        ("PUT", "/api/books/{id}/rating"), ("PUT", "/api/me/bookshelf/{id}"),
        ("DELETE", "/api/me/bookshelf/{id}"), ("PUT", "/api/me/favorites/{id}"),
        ("DELETE", "/api/me/favorites/{id}"), ("DELETE", "/api/me/history/{id}"),
    ]},
    ("POST", "/api/auth/login"): steer_login,
    ("POST", "/api/auth/refresh"): steer_refresh,
    ("DELETE", "/api/admin/security/throttles/{key}"): steer_throttle,
    ("POST", "/api/me/downloads"): steer_download,
    ("PUT", "/api/me/progress/{id}"): steer_progress,
    ("DELETE", "/api/books/{id}/rating"): steer_rating_delete,
    ("PUT", "/api/admin/reviews/{id}/hidden"): steer_review,
    ("GET", "/api/covers/{id}/{size}"): steer_cover_image,
    ("POST", "/api/orders"): steer_order_body,
    ("GET", "/api/orders/{id}"): steer_own_order,
    ("GET", "/api/admin/orders/{id}"): steer_own_order,
    ("POST", "/api/admin/orders/{id}/refund"): steer_own_order,
    ("POST", "/api/orders/{id}/cancel"): steer_pending_order,
    ("GET", "/api/payments/sandbox/checkout/{session}"): steer_checkout,
    ("POST", "/api/payments/sandbox/checkout/{session}"): steer_checkout,
    ("POST", "/api/payments/{provider}/webhook"): steer_webhook,
    ("DELETE", "/api/admin/users/{id}/sessions/{sessionId}"): steer_user_session,
    ("POST", "/api/admin/uploads"): steer_upload,
    ("PATCH", "/api/admin/uploads/{id}"): steer_upload_part,
    ("POST", "/api/auth/change-password"): steer_change_password,
    ("POST", "/api/admin/books"): steer_book,
    ("PUT", "/api/admin/books/{id}"): steer_book,
    ("POST", "/api/admin/categories"): steer_category,
    ("PUT", "/api/admin/categories/{id}"): steer_category,
    ("DELETE", "/api/admin/categories/{id}"): steer_category_delete,
    ("POST", "/api/admin/books/{id}/chapters"): steer_chapters,
    ("POST", "/api/admin/books/{id}/chapters/batch"): steer_chapters,
    ("PUT", "/api/admin/chapters/{id}"): steer_chapter,
    ("PUT", "/api/admin/books/{id}/chapters/order"): steer_chapter_order,
    ("PUT", "/api/admin/books/{id}/cover"): steer_cover,
    ("GET", "/api/admin/analytics"): steer_period,
    ("GET", "/api/admin/search-analytics"): steer_period,
    ("GET", "/api/admin/visitor-analytics"): steer_period,
    ("GET", "/api/admin/reports"): steer_period,
    ("GET", "/api/admin/access-logs/daily"): steer_period,
    ("GET", "/api/admin/access-logs"): steer_log_page,
    ("GET", "/api/admin/logs"): steer_log_page,
    ("PUT", "/api/admin/settings"): steer_settings,
    ("PUT", "/api/auth/profile"): steer_profile,
    ("PATCH", "/api/admin/roles/{id}/permissions"): steer_permissions,
    ("POST", "/api/admin/promotions"): steer_promotion,
    ("PUT", "/api/admin/promotions/{id}"): steer_promotion,
    ("POST", "/api/admin/ads"): steer_ad,
    ("PUT", "/api/admin/ads/{id}"): steer_ad,
    ("POST", "/api/admin/users/{id}/membership"): steer_membership,
    ("DELETE", "/api/admin/users/{id}/membership"): steer_membership,
    ("POST", "/api/auth/password-reset"): steer_password_reset,
    ("PUT", "/api/admin/users/{id}/roles"): steer_user,
    ("PUT", "/api/admin/users/{id}/status"): steer_user,
    ("PUT", "/api/admin/users/{id}/type"): steer_user,
}


def operation_of(ctx):
    return (ctx.operation.method.upper(), ctx.operation.path) if ctx.operation else None


# Operations that would end the run's own session: aimed at the administrator, they act on the
# account of no importance instead (every call, not every other).
SELF_HARM = {("DELETE", "/api/admin/users/{id}/sessions"), ("DELETE", "/api/admin/users/{id}/sessions/{sessionId}")}


def protect_own_session(key, case):
    if key in SELF_HARM and TOKEN:
        if str((case.path_parameters or {}).get("id")) == str(admin_id()):
            case.path_parameters["id"] = int(TARGET_USER)


@schemathesis.hook
def before_call(ctx, case, kwargs):
    key = operation_of(ctx)
    protect_own_session(key, case)
    steer = STEERING.get(key)
    if steer is None or not BASE:
        return
    # Valid input (by the schema) is steered, and only that: input meant to be refused goes as
    # generated.
    if case.meta is None or case.meta.generation.mode == GenerationMode.POSITIVE:
        calls[key] += 1
        steer(case, calls[key])


@schemathesis.hook
def after_call(ctx, case, response):
    # The administrator's password moved on: later steered changes must give the new one.
    if operation_of(ctx) == ("POST", "/api/auth/change-password") and response.status_code == 200:
        password["current"] = case.body["newPassword"]
    # An upload the fuzzer opened stays open: it counts against the limit the steering keeps to.
    if operation_of(ctx) == ("POST", "/api/admin/uploads") and response.status_code == 201:
        upload = (response.json() or {}).get("data") or {}
        if isinstance(upload.get("id"), str):
            open_uploads.append(upload["id"])
            close_oldest_uploads()

