//! `/api/admin/promotions*` (`manage:promotions`): limited-free campaigns: the list, one
//! campaign, creation, changes, ending now, deletion and a preview of the listeners' cards.
use crate::routes::registry::route;
use axum::{extract::State, Json};
use serde::Deserialize;
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    offers::campaign_form::ValidateCampaignInput,
};

use crate::{
    accounts::Client,
    auth::SignedIn,
    books::view::BookSummary,
    console::audit::Actor,
    error::{success, ApiResult, Nothing, Success},
    extract::{Body, Params, PathId, RequestLang},
    paging::{choice_param, Items, Page, Paging},
    promotions::{self, AdminCampaign, CampaignStatus},
    routes::registry::ApiRoutes,
    state::AppState,
};

/// Cards a preview shows at most.
const PREVIEW_CARDS: u64 = 12;

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let promotions = || Access::Permission {
        permission: Permission::ManagePromotions,
    };
    api.add(promotions(), route!(list_admin_promotions))
        .add(promotions(), route!(get_admin_promotion))
        .add(promotions(), route!(create_admin_promotion))
        .add(promotions(), route!(update_admin_promotion))
        .add(promotions(), route!(delete_admin_promotion))
        .add(promotions(), route!(end_admin_promotion))
        .add(promotions(), route!(preview_admin_promotion))
}

/// `?page&pageSize&status` of the campaign list, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct PromotionListParams {
    #[param(value_type = Option<u32>, minimum = 1)]
    page: Option<String>,
    #[param(value_type = Option<u32>, minimum = 1)]
    page_size: Option<String>,
    /// upcoming, running or ended.
    status: Option<String>,
}

/// A page of campaigns, latest end first, with their books and categories; `status` keeps
/// the upcoming, running or ended ones.
#[utoipa::path(get, path = "/admin/promotions", tag = "admin", params(PromotionListParams),
    responses((status = 200, body = Success<Page<AdminCampaign>>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_promotions(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<PromotionListParams>,
) -> ApiResult<Json<Success<Page<AdminCampaign>>>> {
    let paging = Paging::parse_in(
        lang,
        params.page.as_deref(),
        params.page_size.as_deref(),
        crate::promotions::LIST_PAGE_SIZE,
        crate::promotions::LIST_MAX_PAGE_SIZE,
    )?;
    let status = choice_param(
        lang,
        "status",
        params.status.as_deref(),
        &crate::promotions::STATUS_FILTERS,
    )?
    .map(|status| match status.as_str() {
        "upcoming" => CampaignStatus::Upcoming,
        "running" => CampaignStatus::Running,
        _ => CampaignStatus::Ended,
    });
    Ok(success(
        promotions::list(state.db.reader(), status, paging).await?,
    ))
}

/// One campaign with its books and categories.
#[utoipa::path(get, path = "/admin/promotions/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The campaign's id")),
    responses((status = 200, body = Success<AdminCampaign>)))]
#[tracing::instrument(skip_all)]
async fn get_admin_promotion(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> ApiResult<Json<Success<AdminCampaign>>> {
    Ok(success(promotions::get(state.db.reader(), id).await?))
}

/// Creates a campaign (it must end in the future); its books are free to listeners from
/// its start, at once on this server.
#[utoipa::path(post, path = "/admin/promotions", tag = "admin",
    request_body = ValidateCampaignInput,
    responses((status = 200, body = Success<AdminCampaign>)))]
#[tracing::instrument(skip_all)]
async fn create_admin_promotion(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(input): Body<ValidateCampaignInput>,
) -> ApiResult<Json<Success<AdminCampaign>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        state.promotions.create(&actor, input, client.lang).await?,
    ))
}

/// Changes a campaign's name, window, books and categories.
#[utoipa::path(put, path = "/admin/promotions/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The campaign's id")),
    request_body = ValidateCampaignInput,
    responses((status = 200, body = Success<AdminCampaign>)))]
#[tracing::instrument(skip_all)]
async fn update_admin_promotion(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateCampaignInput>,
) -> ApiResult<Json<Success<AdminCampaign>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        state
            .promotions
            .update(&actor, id, input, client.lang)
            .await?,
    ))
}

/// Deletes a campaign.
#[utoipa::path(delete, path = "/admin/promotions/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The campaign's id")),
    responses((status = 200, body = Success<Nothing>)))]
#[tracing::instrument(skip_all)]
async fn delete_admin_promotion(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<Nothing>>> {
    let actor = Actor::new(&caller, &client);
    state.promotions.delete(&actor, id).await?;
    Ok(success(Nothing))
}

/// Ends a campaign now: its books stop being free at once on this server (unless another
/// running campaign covers them). An ended campaign is left as it is.
#[utoipa::path(post, path = "/admin/promotions/{id}/end", tag = "admin",
    params(("id" = i32, Path, description = "The campaign's id")),
    responses((status = 200, body = Success<AdminCampaign>)))]
#[tracing::instrument(skip_all)]
async fn end_admin_promotion(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<AdminCampaign>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(state.promotions.end_now(&actor, id).await?))
}

/// The cards listeners will see on `/limited-free` for this campaign (its first 12 listed
/// books, with the countdown as at its start), in the request language.
#[utoipa::path(get, path = "/admin/promotions/{id}/preview", tag = "admin",
    params(("id" = i32, Path, description = "The campaign's id")),
    responses((status = 200, body = Success<Items<BookSummary>>)))]
#[tracing::instrument(skip_all)]
async fn preview_admin_promotion(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    PathId(id): PathId,
) -> ApiResult<Json<Success<Items<BookSummary>>>> {
    let items = state.promotions.preview(id, lang, PREVIEW_CARDS).await?;
    Ok(success(Items { items }))
}
