import { Component, lazy, Suspense, useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  createManualGiftBoxSchema,
  messages,
  type CreateManualGiftBox,
  type GiftBoxConfig,
} from '@strideadmin/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Form, useZodForm } from '../../components/form';
import { NumberSelectField } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { TextInput } from '../../components/text-input';
import { useFormSubmit } from '../../lib/form-submit';
import { asNumber, numberInput } from '../../lib/number-field';
import { instantFromDateTimeLocal, toDateTimeLocal } from '../../lib/date-time-input';
import { formatNumber } from '../../lib/format';
import { useGoBack } from '../../lib/go-back';
import { useIdParam } from '../../lib/id-param';
import { loadChunk } from '../../lib/load-chunk';
import { hrefs, paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useCreateManualGiftBox } from './api/create-manual-gift-box';
import { giftBoxConfigQueryOptions } from './api/get-gift-box-config';
import { useMapConfig } from './api/get-map-config';
import { configChoicesParams, useGiftBoxConfigs } from './api/list-gift-box-configs';
import { roundCoordinate } from './format';

// Leaflet and its stylesheet are loaded with the map, on this screen only.
const LocationMap = lazy(() => loadChunk(() => import('./location-map')));

const inRange = (n: unknown, limit: number): n is number =>
  typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit;

/**
 * /add-box-manual (docs/behaviour.md §11): one box placed by hand under a config, at a point chosen on
 * the map (a click sets Latitude and Longitude, which can also be typed), with its coins and
 * expiry. Saved boxes are listed under their config on /update-box.
 */
export function AddBoxManualPage() {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.boxList);
  const presetId = useIdParam('configId');
  const createBox = useCreateManualGiftBox();
  const form = useZodForm(createManualGiftBoxSchema, { defaultValues: { expiresAt: '' } });
  const { errors, isSubmitting } = form.formState;
  const [latitude, longitude, configId] = useWatch({
    control: form.control,
    name: ['latitude', 'longitude', 'configId'],
  });

  // The configs to choose from, by name; a preselected one beyond the first page is fetched on its own.
  const choices = useGiftBoxConfigs(configChoicesParams);
  const presetMissing =
    presetId !== null && choices.data !== undefined && !choices.data.rows.some((c) => c.id === presetId);
  const preset = useQuery({ ...giftBoxConfigQueryOptions(presetId ?? 0), enabled: presetMissing });
  const configs = useMemo<GiftBoxConfig[]>(() => {
    const rows = choices.data?.rows ?? [];
    return presetMissing && preset.data ? [preset.data, ...rows] : rows;
  }, [choices.data, presetMissing, preset.data]);
  const options = configs.map((c) => ({ id: c.id, label: c.type, value: String(c.id) }));
  const selected = configs.find((c) => c.id === configId);

  // ?configId= preselects its config once it is known to exist.
  const { setValue, getValues } = form;
  useEffect(() => {
    if (presetId !== null && getValues('configId') === undefined && configs.some((c) => c.id === presetId))
      setValue('configId', presetId);
  }, [presetId, configs, getValues, setValue]);

  const pick = useCallback(
    (lat: number, lng: number) => {
      const opts = { shouldValidate: true, shouldDirty: true, shouldTouch: true };
      setValue('latitude', roundCoordinate(lat), opts);
      setValue('longitude', roundCoordinate(lng), opts);
    },
    [setValue],
  );
  const position = inRange(latitude, 90) && inRange(longitude, 180) ? { lat: latitude, lng: longitude } : null;

  const { onSubmit: submit, formError } = useFormSubmit(async (values: CreateManualGiftBox) => {
    const res = await createBox.mutateAsync(values);
    toast.success(res.message ?? messages.giftBoxPlaced);
    void navigate(hrefs.withId(paths.updateBox, values.configId)); // where the box is listed
  });

  const coordinate = { ...numberInput('signed'), requiredMark: true } as const;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Place a Gift Box" description="The box appears at this point in the app until it expires." />
      <Card>
        <Form
          form={form}
          onSubmit={submit}
          formError={formError}
          aria-label="Place a gift box"
          className="grid gap-5 sm:grid-cols-2"
        >
          <div className="sm:col-span-2">
            {/* The form holds the config's id. */}
            <NumberSelectField
              control={form.control}
              name="configId"
              label="Config"
              options={options}
              placeholder="Select a gift box config"
              loading={choices.isPending}
              requiredMark
            />
            {choices.data?.count === 0 && (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                There is no gift box config yet.{' '}
                <Link to={paths.addBox} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  Add a config
                </Link>{' '}
                first.
              </p>
            )}
          </div>
          <MapPicker position={position} onPick={pick} />
          <TextInput
            label="Latitude"
            {...coordinate}
            error={errors.latitude?.message}
            {...form.register('latitude', asNumber)}
          />
          <TextInput
            label="Longitude"
            {...coordinate}
            error={errors.longitude?.message}
            {...form.register('longitude', asNumber)}
          />
          <div>
            <TextInput
              label="Coins"
              {...numberInput('whole')}
              requiredMark
              error={errors.coins?.message}
              {...form.register('coins', asNumber)}
            />
            {selected && (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="coins-hint">
                Boxes of {selected.type} give {formatNumber(selected.minCoins)}–{formatNumber(selected.maxCoins)} coins.
              </p>
            )}
          </div>
          <TextInput
            label="Expiry"
            type="datetime-local"
            min={toDateTimeLocal(new Date())}
            requiredMark
            error={errors.expiresAt?.message}
            {...form.register('expiresAt', { setValueAs: instantFromDateTimeLocal })}
          />
          <div className="flex justify-end gap-3 sm:col-span-2">
            <Button variant="secondary" onClick={goBack}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Place Gift Box
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}

/** The map part of the form: its configuration, the lazily loaded map, and the notices about it. */
function MapPicker({
  position,
  onPick,
}: {
  position: { lat: number; lng: number } | null;
  onPick: (lat: number, lng: number) => void;
}) {
  const mapConfig = useMapConfig();
  const hintId = useId();
  const [tilesUnavailable, setTilesUnavailable] = useState(false);
  const onTilesUnavailable = useCallback(() => setTilesUnavailable(true), []);
  const frame = (content: ReactNode) => (
    <div className="grid h-80 place-items-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-6 text-center sm:h-96 dark:border-slate-700 dark:bg-slate-800/50">
      {content}
    </div>
  );
  const loading = frame(<Spinner label="Loading the map" className="size-6 text-slate-400" />);

  return (
    <div className="sm:col-span-2">
      <p id={hintId} className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        Click the map where the box should appear, or focus the map, move it with the arrow keys and press Enter to
        place the box at its centre. You can also type the latitude and longitude below.
      </p>
      {mapConfig.isPending ? (
        loading
      ) : mapConfig.isError ? (
        frame(
          <div role="alert">
            <p className="font-medium">Could not load the map</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{mapConfig.error.message}</p>
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() => void mapConfig.refetch()}
              loading={mapConfig.isFetching}
            >
              Retry
            </Button>
          </div>,
        )
      ) : (
        // The tiles notice lies over the map's lower edge, so its late arrival moves nothing under the pointer.
        <div className="relative">
          <MapBoundary fallback={frame(<p role="alert">{messages.chunkLoadFailed}</p>)}>
            <Suspense fallback={loading}>
              <LocationMap
                config={mapConfig.data}
                position={position}
                onPick={onPick}
                onTilesUnavailable={onTilesUnavailable}
                label="Gift box location map: click to place the box"
                describedBy={hintId}
              />
            </Suspense>
          </MapBoundary>
          {tilesUnavailable && (
            <p
              role="status"
              data-testid="map-tiles-notice"
              className="pointer-events-none absolute inset-x-3 bottom-7 z-10 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
            >
              {messages.mapTilesUnavailable}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The map's code could not be loaded (after loadChunk's retry): say so; the coordinates can still be typed. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(err: unknown) {
    console.warn('The map could not be loaded:', err);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
