import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogTitle, MenuItem, TextField } from '@mui/material';
import { type ItemGlossario, MENSAGENS, type SalvarItemGlossario, salvarItemGlossarioSchema } from '@tramite/shared';
import { useEffect, useMemo } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { CampoTextoControlado } from '../../components/CampoTextoControlado';
import { FormularioDialogo, marcarErrosDoServidor } from '../../components/FormularioDialogo';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { mensagemComDetalhe } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useAssuntosDoTipo } from '../tipos-documentos/api';
import { useSalvarItemVocabulario, useTiposParaVocabulario } from './api';

const CAMPOS: readonly FieldPath<SalvarItemGlossario>[] = ['idTipoDocumento', 'idAssunto', 'descricao', 'detalhamento'];
const ID_TITULO = 'titulo-dialogo-item-vocabulario';

interface DialogoItemVocabularioProps {
  aberto: boolean;
  /** The item being edited, or null for a new one. */
  item: ItemGlossario | null;
  onFechar: () => void;
}

/** Add or edit a glossary item: document type, one of its assignable subjects, description and detail. */
export function DialogoItemVocabulario({ aberto, item, onFechar }: DialogoItemVocabularioProps) {
  return (
    <Dialog open={aberto} onClose={onFechar} aria-labelledby={ID_TITULO} fullWidth maxWidth="sm">
      <DialogTitle id={ID_TITULO}>
        {item ? 'Editar item do vocabulário controlado' : 'Novo item do vocabulário controlado'}
      </DialogTitle>
      {/* The dialog unmounts its content once closed: every opening starts a fresh form. */}
      <FormularioItem item={item} onFechar={onFechar} />
    </Dialog>
  );
}

const numeroOuNulo = (valor: unknown) => (typeof valor === 'number' && valor > 0 ? valor : null);

function FormularioItem({ item, onFechar }: { item: ItemGlossario | null; onFechar: () => void }) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const salvar = useSalvarItemVocabulario();
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm({
    resolver: zodResolver(salvarItemGlossarioSchema),
    defaultValues: {
      idTipoDocumento: item?.idTipoDocumento ?? '',
      idAssunto: item?.idAssunto ?? '',
      descricao: item?.descricao ?? '',
      detalhamento: item?.detalhamento ?? '',
    },
  });
  const idTipo = numeroOuNulo(useWatch({ control, name: 'idTipoDocumento' }));

  const tipos = useTiposParaVocabulario();
  const assuntos = useAssuntosDoTipo(idTipo);
  useErroConsulta(tipos.error, (erro) => mensagemComDetalhe(MENSAGENS.lookups.erroBuscarTiposDocumento, erro));
  useErroConsulta(assuntos.error, (erro) => mensagemComDetalhe(MENSAGENS.autuacao.erroCarregarListaAssuntos, erro));

  // An item of a type that no longer qualifies keeps its type (and subject) on the list, so it can still be edited.
  const opcoesTipo = useMemo(() => {
    const lista = (tipos.data ?? []).map((tipo) => ({ id: tipo.id, rotulo: tipo.descricao }));
    if (item && !lista.some((tipo) => tipo.id === item.idTipoDocumento)) {
      lista.unshift({ id: item.idTipoDocumento, rotulo: item.tipoDocumento });
    }
    return lista;
  }, [tipos.data, item]);
  const opcoesAssunto = useMemo(() => {
    const lista = (assuntos.data ?? [])
      .filter((assunto) => assunto.atribuivel)
      .map((assunto) => ({ id: assunto.id, rotulo: `${assunto.codigo} — ${assunto.descricao}` }));
    if (item && idTipo === item.idTipoDocumento && !lista.some((assunto) => assunto.id === item.idAssunto)) {
      lista.unshift({ id: item.idAssunto, rotulo: `${item.codigoAssunto} — ${item.descricaoAssunto}` });
    }
    return lista;
  }, [assuntos.data, item, idTipo]);

  // A subject of another type is cleared; a type with a single assignable subject gets it pre-selected.
  useEffect(() => {
    if (!assuntos.data) return;
    const atual = numeroOuNulo(getValues('idAssunto'));
    if (atual !== null && opcoesAssunto.some((assunto) => assunto.id === atual)) return;
    const unico = opcoesAssunto.length === 1 ? opcoesAssunto[0] : undefined;
    setValue('idAssunto', unico ? unico.id : '');
  }, [assuntos.data, opcoesAssunto, getValues, setValue]);

  const enviar = handleSubmit(async (dados) => {
    try {
      await executar('Salvando item do vocabulário controlado', () =>
        salvar.mutateAsync({
          id: item?.idItemGlossario ?? null,
          dados: { ...dados, detalhamento: dados.detalhamento ? dados.detalhamento : null },
        }),
      );
      snackbar.sucesso(MENSAGENS.lookups.itemSalvo);
      onFechar();
    } catch (erro) {
      marcarErrosDoServidor(erro, CAMPOS, setError);
      snackbar.erro(mensagemComDetalhe(MENSAGENS.lookups.erroSalvarVocabulario, erro));
    }
  });

  return (
    <FormularioDialogo idTitulo={ID_TITULO} aoEnviar={enviar} aoCancelar={onFechar} enviando={formState.isSubmitting}>
      <Controller
        name="idTipoDocumento"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            id="campo-tipo-documento"
            label="Tipo de documento"
            required
            name={field.name}
            value={numeroOuNulo(field.value) ?? ''}
            onChange={(evento) => field.onChange(Number(evento.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.invalid || tipos.isError}
            helperText={
              fieldState.error?.message ??
              (tipos.isError ? MENSAGENS.lookups.erroBuscarTiposDocumento : 'Tipos com assuntos atribuíveis.')
            }
          >
            {opcoesTipo.map((tipo) => (
              <MenuItem key={tipo.id} value={tipo.id}>
                {tipo.rotulo}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="idAssunto"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            id="campo-assunto"
            label="Assunto"
            required
            disabled={idTipo === null}
            name={field.name}
            value={opcoesAssunto.some((assunto) => assunto.id === field.value) ? field.value : ''}
            onChange={(evento) => field.onChange(Number(evento.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.invalid || assuntos.isError}
            helperText={
              fieldState.error?.message ??
              (assuntos.isError
                ? MENSAGENS.autuacao.erroCarregarListaAssuntos
                : idTipo === null
                  ? 'Escolha antes o tipo de documento.'
                  : 'Somente assuntos atribuíveis ao tipo escolhido.')
            }
          >
            {opcoesAssunto.map((assunto) => (
              <MenuItem key={assunto.id} value={assunto.id}>
                {assunto.rotulo}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <CampoTextoControlado
        control={control}
        name="descricao"
        id="campo-descricao"
        label="Descrição"
        required
        maxLength={300}
      />
      <CampoTextoControlado
        control={control}
        name="detalhamento"
        id="campo-detalhamento"
        label="Detalhamento"
        multiline
        minRows={3}
        textoAjuda="Quando usar este tipo e assunto, o que anexar, por onde passa."
        maxLength={4000}
      />
    </FormularioDialogo>
  );
}
