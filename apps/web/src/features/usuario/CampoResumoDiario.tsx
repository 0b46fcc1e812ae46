import { Box, FormControlLabel, FormHelperText, Switch, TextField } from '@mui/material';
import { type AlterarConfiguracoes, HORARIO_RESUMO_PADRAO } from '@tramite/shared';
import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';

/**
 * "Resumo diário por e-mail": a switch (off is null) and, when on, the time it goes out (HH:MM, Brasília). The rule
 * (format, and an e-mail to send it to) is the shared schema's; its message shows under the time.
 */
export function CampoResumoDiario({ control }: { control: Control<AlterarConfiguracoes> }) {
  const idAjuda = useId();
  return (
    <Controller
      name="resumoDiarioHorario"
      control={control}
      render={({ field, fieldState }) => {
        const ligado = field.value !== null && field.value !== undefined;
        return (
          <Box>
            <FormControlLabel
              label="Resumo diário por e-mail"
              data-testid="campo-resumo-diario"
              control={
                <Switch
                  checked={ligado}
                  onChange={(_evento, marcado) => field.onChange(marcado ? HORARIO_RESUMO_PADRAO : null)}
                  slotProps={{ input: { 'aria-describedby': idAjuda } }}
                />
              }
            />
            <FormHelperText id={idAjuda} error={!ligado && fieldState.invalid}>
              {!ligado && fieldState.error?.message
                ? fieldState.error.message
                : 'Uma mensagem por dia com os documentos que chegaram às suas unidades, os prazos que vencem hoje ou já venceram e os retornos programados vencidos.'}
            </FormHelperText>
            {ligado ? (
              <TextField
                id="campo-horario-resumo"
                label="Horário do resumo (Brasília)"
                type="time"
                name={field.name}
                value={field.value ?? ''}
                onChange={(evento) => field.onChange(evento.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.invalid}
                helperText={fieldState.error?.message ?? 'Hora e minuto, de 00:00 a 23:59.'}
                sx={{ mt: 2, maxWidth: 260 }}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { step: 60, 'data-testid': 'campo-horario-resumo' },
                }}
              />
            ) : null}
          </Box>
        );
      }}
    />
  );
}
