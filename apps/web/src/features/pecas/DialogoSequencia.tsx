import { zodResolver } from '@hookform/resolvers/zod';
import type { Peca } from '@tramite/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoFormulario } from '../../components/formulario/DialogoFormulario';
import { nomePeca, TEXTOS } from './textos';

/**
 * A whole number, checked as it is typed: the server clamps it to the allowed positions (alterarPecaSchema's
 * `sequencial`, which would also take an empty field as 0).
 */
const sequenciaSchema = z.object({
  sequencial: z
    .string()
    .trim()
    .min(1, TEXTOS.informeNumeroInteiro)
    .pipe(z.coerce.number<string>({ error: TEXTOS.informeNumeroInteiro }).int(TEXTOS.informeNumeroInteiro)),
});

interface DialogoSequenciaProps {
  peca: Peca;
  total: number;
  ocupado: boolean;
  aoConfirmar: (sequencial: number) => void;
  aoFechar: () => void;
}

/** Asks for a peça's new sequence number; the server clamps it (spec §4) and shifts the peças in between. */
export function DialogoSequencia({ peca, total, ocupado, aoConfirmar, aoFechar }: DialogoSequenciaProps) {
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(sequenciaSchema),
    defaultValues: { sequencial: String(peca.sequencial) },
    mode: 'onChange',
    shouldFocusError: false,
  });
  return (
    <DialogoFormulario
      titulo="Alterar sequência"
      descricao={`Nova posição de “${nomePeca(peca)}” entre as ${total} peças ativas. As peças entre a posição atual e a nova são deslocadas.`}
      aoEnviar={handleSubmit(({ sequencial }) => aoConfirmar(sequencial))}
      aoCancelar={aoFechar}
      enviando={ocupado}
      bloquearCancelar
      envioBloqueado={formState.errors.sequencial !== undefined}
      rotuloEnviar="Alterar"
    >
      <CampoTextoControlado
        control={control}
        name="sequencial"
        label="Número de sequência"
        type="number"
        required
        autoFocus
        maxLength={10}
        atributosEntrada={{ min: 1, max: total, step: 1 }}
      />
    </DialogoFormulario>
  );
}
